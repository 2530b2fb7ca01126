// The hostile-input suite, part 1 of 2: half of the mutations (tests/integration/support/hostile-suite.ts).
import { describeHostileInputs } from './support/hostile-suite';

describeHostileInputs({ mutations: { share: 0, of: 2 }, rest: false });
