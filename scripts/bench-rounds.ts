// The arithmetic of interleaved bench rounds (bench:feed, docs/decisions/208): a target measured
// between two bare-route rounds is compared with those two, so both saw the same moment of a
// shared machine's load; the median over rounds is the figure (one round under a burst of other
// work moves it less than a mean would).

/** The median (the mean of the middle two for an even count); NaN for no values. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? Number.NaN;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? Number.NaN) + upper) / 2;
}

/**
 * Per round, `target[round]` ÷ the mean of the bare rounds around it (`bare[round]` before,
 * `bare[round + 1]` after): `bare` holds one more round than `target` (the closing bare round).
 */
export function ratiosToBracketingBare(
  bare: readonly number[],
  target: readonly number[],
): number[] {
  if (bare.length !== target.length + 1) {
    throw new Error(`${target.length} target rounds need ${target.length + 1} bare rounds`);
  }
  return target.map((value, round) => {
    const reference = ((bare[round] ?? Number.NaN) + (bare[round + 1] ?? Number.NaN)) / 2;
    return value / reference;
  });
}

/** One round's work: answers given and the server's CPU time spent on them (µs). */
export interface RoundWork {
  answers: number;
  cpuMicros: number;
}

/** CPU µs per answer over every round (total CPU ÷ total answers, not a mean of round means). */
export function cpuPerAnswer(rounds: readonly RoundWork[]): number {
  const answers = rounds.reduce((sum, round) => sum + round.answers, 0);
  const cpu = rounds.reduce((sum, round) => sum + round.cpuMicros, 0);
  return answers === 0 ? Number.NaN : cpu / answers;
}
