// The app's extension points: places where one module lets others add behaviour without importing
// them (contacts' lifecycle hooks, staff's work locks and labour-rate source, payroll's source of
// card tips). Each point is a typed Seam the owning module declares; modules add their entries in
// their register(app), on that app, so two apps in one process (the tests build many) never share
// them, and an entry's order is the order the app registered its modules.

/** One extension point, declared by the module that reads it. */
export class Seam<T> {
  /** Only for its type: a seam holds entries of type T. */
  declare readonly entryType: T;
  constructor(readonly description: string) {}
}

/** The entries of every seam of one app, by module name. */
export class Seams {
  readonly #entries = new Map<Seam<unknown>, Map<string, unknown>>();

  /** Adds (or replaces) `module`'s entry at `seam`. */
  add<T>(seam: Seam<T>, module: string, entry: T): void {
    let byModule = this.#entries.get(seam as Seam<unknown>);
    if (!byModule) {
      byModule = new Map();
      this.#entries.set(seam as Seam<unknown>, byModule);
    }
    byModule.set(module, entry);
  }

  /** Every module's entry at `seam`, in the order the modules first added them. */
  all<T>(seam: Seam<T>): [string, T][] {
    return [...((this.#entries.get(seam as Seam<unknown>) ?? new Map()) as Map<string, T>)];
  }

  /** The entry at a seam that takes one (the last added), if any. */
  one<T>(seam: Seam<T>): T | undefined {
    return this.all(seam).at(-1)?.[1];
  }
}
