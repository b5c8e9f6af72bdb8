import { droppedKeyRule } from './droppedKeyRule';
import { iconRule } from './iconRule';
import { jsonRule } from './jsonRule';
import { navigationRule } from './navigationRule';
import { openapiRule } from './openapiRule';
import { pageRule } from './pageRule';
import { referenceRule } from './referenceRule';
import type { Rule } from './rule';
import { schemaRule } from './schemaRule';

/** Every rule, in the order each event reaches them. */
export const rules: readonly Rule[] = [jsonRule, referenceRule, schemaRule, droppedKeyRule, navigationRule, pageRule, openapiRule, iconRule];
