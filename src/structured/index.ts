export { parseJsonLoose } from './parse-json-loose.js';
export { requestStructured } from './structured-output.js';
export type { StructuredRequestOptions, StructuredResult } from './structured-output.js';
export type { StructuredFormat } from './structured-format.js';
export { StructuredOutputError } from './structured-output-error.js';
export type { StructuredOutputErrorCode } from './structured-output-error.js';
export { checkJsonSchema } from './check-json-schema.js';
