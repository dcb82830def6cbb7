// A chat-completion request's other fields checked the way OpenAI does: stream and its options,
// tools, response_format, the token limits.
import { invalid, isObject, type RequestCheck } from './request-check.js';

const FORMATS = ['text', 'json_object', 'json_schema'];

/** The 400 for the first field at fault, or undefined when every field is fine. */
export function fieldsProblem(body: Record<string, unknown>): RequestCheck | undefined {
  if (body.stream !== undefined && body.stream !== null && typeof body.stream !== 'boolean')
    return invalid(`Invalid type for 'stream': expected a boolean.`, 'stream', 'invalid_type');
  if (body.stream_options !== undefined && body.stream_options !== null && !body.stream) {
    return invalid(
      "The 'stream_options' parameter is only allowed when 'stream' is enabled.",
      'stream_options',
      'invalid_value',
    );
  }
  if (body.tools !== undefined) {
    if (!Array.isArray(body.tools))
      return invalid(`Invalid type for 'tools': expected an array.`, 'tools', 'invalid_type');
    for (let i = 0; i < body.tools.length; i++) {
      const t = body.tools[i];
      if (!isObject(t) || t.type !== 'function' || !isObject(t.function) || typeof t.function.name !== 'string') {
        return invalid(
          `Invalid 'tools[${i}]': expected { type: 'function', function: { name, parameters } }.`,
          `tools[${i}]`,
          'invalid_value',
        );
      }
    }
  }
  const rf = body.response_format;
  if (rf !== undefined && rf !== null) {
    if (!isObject(rf) || !FORMATS.includes(rf.type as string)) {
      return invalid(
        `Invalid value for 'response_format.type': expected one of 'text', 'json_object', 'json_schema'.`,
        'response_format.type',
        'invalid_value',
      );
    }
    if (
      rf.type === 'json_schema' &&
      (!isObject(rf.json_schema) || typeof rf.json_schema.name !== 'string' || !isObject(rf.json_schema.schema))
    ) {
      return invalid(
        "Missing required parameter: 'response_format.json_schema' needs a 'name' and a 'schema' object.",
        'response_format.json_schema',
        'missing_required_parameter',
      );
    }
  }
  for (const key of ['max_tokens', 'max_completion_tokens']) {
    const v = body[key];
    if (v !== undefined && v !== null && (typeof v !== 'number' || !Number.isInteger(v) || v < 1)) {
      return invalid(`Invalid '${key}': expected an integer of at least 1.`, key, 'invalid_value');
    }
  }
  return undefined;
}
