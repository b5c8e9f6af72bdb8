// Loaded into every test process by test/run.mjs: the property tests of one run share its seed.
import fc from 'fast-check';

const seed = Number(process.env.DOCSJSON_PROPERTY_SEED);
if (Number.isSafeInteger(seed)) fc.configureGlobal({ seed });
