// The parts of SARIF 2.1.0 (OASIS, "Static Analysis Results Interchange Format Version 2.1.0")
// that btstudio writes, as a JSON Schema written from the standard's text: each object's
// required properties and the enums of the values we use, and no property the standard does not
// define (additionalProperties false), so a misspelt key fails. Validated with Ajv.
import { Ajv } from 'ajv';

const text = { type: 'object', required: ['text'], properties: { text: { type: 'string' } }, additionalProperties: false };
const level = { enum: ['none', 'note', 'warning', 'error'] };
const propertyBag = { type: 'object' };

const schema = {
  type: 'object',
  required: ['version', 'runs'],
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    version: { const: '2.1.0' },
    runs: {
      type: 'array',
      items: {
        type: 'object',
        required: ['tool'],
        additionalProperties: false,
        properties: {
          tool: {
            type: 'object',
            required: ['driver'],
            additionalProperties: false,
            properties: {
              driver: {
                type: 'object',
                required: ['name'],
                additionalProperties: false,
                properties: {
                  name: { type: 'string' },
                  informationUri: { type: 'string' },
                  version: { type: 'string' },
                  rules: {
                    type: 'array',
                    uniqueItems: true,
                    items: {
                      type: 'object',
                      required: ['id'],
                      additionalProperties: false,
                      properties: {
                        id: { type: 'string' },
                        shortDescription: text,
                        helpUri: { type: 'string' },
                        defaultConfiguration: { type: 'object', additionalProperties: false, properties: { level } },
                      },
                    },
                  },
                },
              },
            },
          },
          results: {
            type: 'array',
            items: {
              type: 'object',
              required: ['message'],
              additionalProperties: false,
              properties: {
                ruleId: { type: 'string' },
                ruleIndex: { type: 'integer', minimum: -1 },
                level,
                message: text,
                locations: {
                  type: 'array',
                  items: {
                    type: 'object',
                    additionalProperties: false,
                    properties: {
                      physicalLocation: {
                        type: 'object',
                        additionalProperties: false,
                        properties: {
                          artifactLocation: { type: 'object', additionalProperties: false, properties: { uri: { type: 'string' } } },
                          region: {
                            type: 'object',
                            additionalProperties: false,
                            properties: { startLine: { type: 'integer', minimum: 1 }, startColumn: { type: 'integer', minimum: 1 } },
                          },
                        },
                      },
                      logicalLocations: {
                        type: 'array',
                        items: { type: 'object', additionalProperties: false, properties: { fullyQualifiedName: { type: 'string' } } },
                      },
                    },
                  },
                },
                suppressions: {
                  type: 'array',
                  uniqueItems: true,
                  items: {
                    type: 'object',
                    required: ['kind'],
                    additionalProperties: false,
                    properties: {
                      kind: { enum: ['inSource', 'external'] },
                      status: { enum: ['accepted', 'underReview', 'rejected'] },
                      justification: { type: 'string' },
                      properties: propertyBag,
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
};

const ajv = new Ajv({ allErrors: true, strict: true, validateFormats: false });
const validate = ajv.compile(schema);

/** The ways `log` breaks the schema, as "path: message" lines (empty when it is valid). */
export function sarifProblems(log: unknown): string[] {
  return validate(log) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'}: ${e.message}`);
}
