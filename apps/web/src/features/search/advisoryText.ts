// Splits an advisory description into plain, bold and linked pieces by its text tags
// (business.md §3 "Text tag"; docs/decisions/073). The API validates tags when an operator writes
// them; this stays defensive anyway: a tag outside the text, overlapping an earlier one, or a link
// that is not safe is shown as plain text.
import { isSafeAdvisoryLink, type AdvisoryTextTag } from '@corkboard/shared/search/advisories';

export type AdvisorySegment =
  | { kind: 'text'; text: string }
  | { kind: 'bold'; text: string }
  | { kind: 'link'; text: string; link: string };

export function advisorySegments(
  text: string,
  tags: readonly AdvisoryTextTag[],
): AdvisorySegment[] {
  const segments: AdvisorySegment[] = [];
  let at = 0;
  const ordered = [...tags].sort((a, b) => a.offset - b.offset);
  for (const tag of ordered) {
    const end = tag.offset + tag.length;
    if (tag.offset < at || tag.length <= 0 || end > text.length) continue;
    if (tag.offset > at) segments.push({ kind: 'text', text: text.slice(at, tag.offset) });
    const piece = text.slice(tag.offset, end);
    if (tag.tagType === 'bold') segments.push({ kind: 'bold', text: piece });
    else if (tag.link !== null && isSafeAdvisoryLink(tag.link))
      segments.push({ kind: 'link', text: piece, link: tag.link });
    else segments.push({ kind: 'text', text: piece });
    at = end;
  }
  if (at < text.length) segments.push({ kind: 'text', text: text.slice(at) });
  return segments;
}
