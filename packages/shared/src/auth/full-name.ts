// auth.md §5 "Full name split (social profile): first word is first name; the remaining words
// joined are last name."

export interface SplitName {
  firstName: string;
  lastName: string;
}

/** Splits on any run of white space; extra spaces are dropped. */
export function splitFullName(fullName: string): SplitName {
  const words = fullName.trim().split(/\s+/u).filter(Boolean);
  return { firstName: words[0] ?? '', lastName: words.slice(1).join(' ') };
}
