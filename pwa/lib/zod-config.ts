// Import once (for its effect) in any module that validates with zod in the browser. zod 4 probes
// for eval support with `new Function` the first time a schema parses; under our CSP
// (script-src without 'unsafe-eval') that probe is blocked and reported as a CSP violation in the
// console. Without the JIT it never probes; the forms are far too small to miss it.
import { z } from 'zod';

z.config({ jitless: true });
