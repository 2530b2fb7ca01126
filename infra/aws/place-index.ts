// The place index of address autocomplete (functions/adapters/amazon-location-places.ts): Amazon
// Location Service places from Esri, which covers Quebec's addresses in French and English. Intended
// for storage: an ad keeps the address and coordinates picked from it (spec §5).

import { Stack } from 'aws-cdk-lib';
import * as location from 'aws-cdk-lib/aws-location';
import { Construct } from 'constructs';

/** What the places adapter calls, and all a Lambda is granted on the index. */
export const PLACE_INDEX_ACTIONS = ['geo:SearchPlaceIndexForText'];

export class PlaceIndex extends Construct {
  readonly indexName: string;
  readonly indexArn: string;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const index = new location.CfnPlaceIndex(this, 'Index', {
      indexName: `${Stack.of(this).stackName}-places`,
      dataSource: 'Esri',
      dataSourceConfiguration: { intendedUse: 'Storage' },
      description: 'Address autocomplete of Partage (PLACE_INDEX_NAME)',
    });
    this.indexName = index.indexName;
    this.indexArn = index.attrArn;
  }
}
