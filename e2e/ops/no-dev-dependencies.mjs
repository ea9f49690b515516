// `node --import ./e2e/ops/no-dev-dependencies.mjs ...`: the process fails as soon as the project's own
// code imports a devDependency, as it would in an image installed with `npm install --omit=dev`.
import { register } from 'node:module';

register('./no-dev-dependencies-hooks.mjs', import.meta.url);
