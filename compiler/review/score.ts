/** SPEC 2.12 / 8: the review score out of 100: each finding takes its severity's weight off, never below 0. */
import type { ReviewSeverity } from "./rules.ts";

export function reviewScore(counts: Record<ReviewSeverity, number>, weights: Record<ReviewSeverity, number>): number {
  const lost = counts.error * weights.error + counts.warn * weights.warn + counts.suggestion * weights.suggestion;
  return Math.max(0, Math.round(100 - lost));
}
