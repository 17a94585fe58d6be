/**
 * One counter for every change in the fake. Sync tokens remember the value they were issued at, so "what changed
 * since" is simply "stamped with a higher value".
 */
export class ChangeClock {
  private value = 0;

  tick(): number {
    this.value += 1;
    return this.value;
  }

  get current(): number {
    return this.value;
  }
}
