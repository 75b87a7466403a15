// The tool-section reader's public pieces: parseToolBody for parseSkillMd,
// and the readings decompileSkill shares with it (labels, code spans, cells,
// the inline parameter form, the examples header, the required flag).

export { stripCode, requestCell } from './cells.js';
export { isExamplesHeader } from './examples.js';
export { parseInlineParamsStrict } from './inline-params.js';
export { isRequired } from './input.js';
export { labelOf, type Label, type LabelKind } from './labels.js';
export { parseToolBody } from './parse-tool-body.js';
