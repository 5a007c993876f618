// A clock tests move by hand (AppDeps.now), so time rules are tested without waiting.
export class TestClock {
  current: Date;
  constructor(start: Date = new Date()) {
    this.current = new Date(start);
  }
  readonly now = (): Date => new Date(this.current);
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}
