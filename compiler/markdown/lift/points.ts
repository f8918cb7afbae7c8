/** Points (line, column, offset) in a span of a page's text, as micromark counts them. */
import type { Point } from "unist";

/**
 * Reads the points of a span of the page, `source`, which starts at `line`:`column` and at `offset` of the page.
 * Points are asked for going forward (each index no smaller than the last), so each line break is passed once.
 */
export class PointReader {
  private line: number;
  private lineStart = 0;
  private firstColumn: number;

  constructor(
    private readonly source: string,
    line: number,
    column: number,
    private readonly offset: number,
  ) {
    this.line = line;
    this.firstColumn = column;
  }

  at(index: number): Point {
    for (let next = this.source.indexOf("\n", this.lineStart); next !== -1 && next < index; ) {
      this.line++;
      this.lineStart = next + 1;
      this.firstColumn = 1;
      next = this.source.indexOf("\n", this.lineStart);
    }
    return { line: this.line, column: this.firstColumn + index - this.lineStart, offset: this.offset + index };
  }
}
