// Loaded with --import (npm run test:clock): moves the wall clock to 2030-01-01 plus the time elapsed, so that a
// test reading the real clock instead of the tests' fixed clock (test/support/example-clock.ts) shows: the example's
// versions are sunset by then. Only `Date` moves; timers and `performance.now()` keep their pace.
const RealDate = Date
const offset = RealDate.UTC(2030, 0, 1) - RealDate.now()

class ShiftedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + offset)
    else super(...args)
  }

  static now() {
    return RealDate.now() + offset
  }
}

globalThis.Date = ShiftedDate
