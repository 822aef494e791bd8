// Reading request fields the way Cognito validates them: a missing or mistyped field is an
// InvalidParameterException naming the field, never a 500.
import { validation } from './errors.ts';

export type Body = Record<string, unknown>;

const fieldName = (name: string) => name[0].toLowerCase() + name.slice(1);

export function optionalString(body: Body, name: string, max = 2048): string | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw validation(fieldName(name), 'Member must be a string');
  if (value.length > max) throw validation(fieldName(name), `Member must have length less than or equal to ${max}`);
  return value;
}

export function requiredString(body: Body, name: string, max = 2048): string {
  const value = optionalString(body, name, max);
  if (value === undefined || value === '') throw validation(fieldName(name), 'Member must not be null');
  return value;
}

export function stringMap(body: Body, name: string, required = false): Record<string, string> {
  const value = body[name];
  if (value === undefined || value === null) {
    if (required) throw validation(fieldName(name), 'Member must not be null');
    return {};
  }
  if (typeof value !== 'object' || Array.isArray(value)) throw validation(fieldName(name), 'Member must be a map');
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) {
    if (typeof v !== 'string' || v.length > 4096 || k.length > 256) {
      throw validation(`${fieldName(name)}.${k}`, 'Member must be a string of length less than or equal to 4096');
    }
    out[k] = v;
  }
  return out;
}

export interface Attr {
  Name: string;
  Value: string;
}

export function attributeArray(body: Body, name: string, required = false): Attr[] {
  const value = body[name];
  if (value === undefined || value === null) {
    if (required) throw validation(fieldName(name), 'Member must not be null');
    return [];
  }
  if (!Array.isArray(value) || value.length > 50) throw validation(fieldName(name), 'Member must be a list of at most 50 attributes');
  return value.map((item, i) => {
    const a = item as Record<string, unknown>;
    if (!a || typeof a !== 'object' || typeof a.Name !== 'string' || a.Name.length < 1 || a.Name.length > 32) {
      throw validation(`${fieldName(name)}.${i + 1}.member.name`, 'Member must have length between 1 and 32');
    }
    if (a.Value !== undefined && (typeof a.Value !== 'string' || a.Value.length > 2048)) {
      throw validation(`${fieldName(name)}.${i + 1}.member.value`, 'Member must have length less than or equal to 2048');
    }
    return { Name: a.Name, Value: (a.Value as string | undefined) ?? '' };
  });
}

export function stringArray(body: Body, name: string): string[] {
  const value = body[name];
  if (!Array.isArray(value) || value.length === 0 || value.length > 50 || value.some((v) => typeof v !== 'string' || v.length > 32)) {
    throw validation(fieldName(name), 'Member must be a list of 1 to 50 attribute names');
  }
  return value as string[];
}
