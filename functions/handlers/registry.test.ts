// The schema, the handlers' field maps and the catalog agree: a field that needs a resolver has one,
// and no handler serves a field the schema lacks (or one it marks @fromParent).

import { describe, expect, it } from 'vitest';
import { fieldRegistry, loadSchemaParts, mergeParts, partsSchema } from '@partage/graphql/schema-parts';
import { RESOLVER_LAMBDAS } from './catalog';

const served = RESOLVER_LAMBDAS.flatMap(({ name, fields }) => fields.map((field) => ({ lambda: name, field })));

describe('field registry', () => {
  const { registry } = loadSchemaParts();

  it('serves every root field and every object-valued field not marked @fromParent', () => {
    const servedFields = new Set(served.map((s) => s.field));
    expect(registry.required.filter((field) => !servedFields.has(field))).toEqual([]);
  });

  it('serves only fields of the schema that may have a resolver', () => {
    const servable = new Set(registry.servable);
    expect(served.filter(({ field }) => !servable.has(field))).toEqual([]);
  });

  it('leaves the server-only fields (IAM publish mutations) to AppSync: no handler serves them', () => {
    expect(registry.serverOnly).toContain('Mutation.publishFirstLoginModalClosed');
    expect(registry.required).not.toContain('Mutation.publishFirstLoginModalClosed');
    expect(served.filter(({ field }) => registry.serverOnly.includes(field))).toEqual([]);
  });

  it('serves each field from one Lambda only', () => {
    const fields = served.map((s) => s.field);
    expect(fields.filter((field, index) => fields.indexOf(field) !== index)).toEqual([]);
  });

  it('derives what needs a resolver from the parts: roots, object fields unless @fromParent, never scalars', () => {
    const parts = [
      {
        name: 'root.graphql',
        sdl: 'schema { query: Query } type Query directive @fromParent on FIELD_DEFINITION',
      },
      {
        name: 'ads.graphql',
        sdl: `type Owner { id: ID! }
              type Ad { id: ID! title: String owner: Owner! seller: Owner @fromParent }
              extend type Query { ad(id: ID!): Ad }`,
      },
    ];
    const registry = fieldRegistry(partsSchema(mergeParts(parts)));
    expect(registry.required).toEqual(['Query.ad', 'Ad.owner']);
    expect(registry.servable).toEqual(expect.arrayContaining(['Ad.title', 'Ad.owner', 'Owner.id']));
    expect(registry.servable).not.toContain('Ad.seller');
  });
});
