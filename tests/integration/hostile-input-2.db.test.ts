// The hostile-input suite, part 2 of 2: the other half of the mutations, the queries with arguments, the
// HTTP bodies and the check that every hostile class was met (tests/integration/support/hostile-suite.ts).
import { describeHostileInputs } from './support/hostile-suite';

describeHostileInputs({ mutations: { share: 1, of: 2 }, rest: true });
