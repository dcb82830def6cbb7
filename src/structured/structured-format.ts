/** The rung of the structured-output ladder a request used: a JSON schema, JSON mode, or the prompt alone. */
export type StructuredFormat = 'json_schema' | 'json_object' | 'prompt';
