// The single table's shape. The CDK stack (infra/aws) and the local host (infra/local) both build
// the table from this description, so the two hosts cannot drift apart.

export const TTL_ATTRIBUTE = 'ttl';

export interface TableIndex {
  name: string;
  partitionKey: string;
  sortKey: string;
}

export const TABLE_KEYS = { partitionKey: 'PK', sortKey: 'SK' } as const;

/** Generic secondary indexes; what each one serves is listed in functions/data/README.md. */
export const TABLE_INDEXES: TableIndex[] = [
  { name: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
  { name: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
  { name: 'GSI3', partitionKey: 'GSI3PK', sortKey: 'GSI3SK' },
];

/** The CreateTable input for DynamoDB (Local or real); all keys are strings, all projections ALL. */
export function createTableInput(tableName: string) {
  const attributes = [TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey, ...TABLE_INDEXES.flatMap((i) => [i.partitionKey, i.sortKey])];
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    AttributeDefinitions: attributes.map((AttributeName) => ({ AttributeName, AttributeType: 'S' as const })),
    KeySchema: [
      { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' as const },
    ],
    GlobalSecondaryIndexes: TABLE_INDEXES.map((i) => ({
      IndexName: i.name,
      KeySchema: [
        { AttributeName: i.partitionKey, KeyType: 'HASH' as const },
        { AttributeName: i.sortKey, KeyType: 'RANGE' as const },
      ],
      Projection: { ProjectionType: 'ALL' as const },
    })),
  };
}
