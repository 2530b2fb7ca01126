import { afterEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  LocationClient,
  ResourceNotFoundException,
  SearchPlaceIndexForTextCommand,
  ThrottlingException,
  ValidationException,
} from '@aws-sdk/client-location';
import { AppError } from '@partage/graphql';
import { amazonLocationPlaces, QUEBEC_BOUNDING_BOX } from './amazon-location-places';

const location = mockClient(LocationClient);
const client = new LocationClient({ region: 'ca-central-1', credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' } });
const places = amazonLocationPlaces(client, 'partage-places');
afterEach(() => location.reset());

const RIMOUSKI_STREET = {
  Label: '123 Rue Principale, Rimouski, QC, G5L1A1, CAN',
  Geometry: { Point: [-68.52, 48.45] },
  AddressNumber: '123',
  Street: 'Rue Principale',
  Municipality: 'Rimouski',
  Region: 'Québec',
  Country: 'CAN',
  PostalCode: 'G5L1A1',
};

describe('Amazon Location places', () => {
  it('searches the place index in Canada within Quebec, in the asked language, for the limit', async () => {
    location.on(SearchPlaceIndexForTextCommand).resolves({ Results: [] });
    await places.search('rue Principale Rimouski', { limit: 5, language: 'ENGLISH' });
    await places.search('Québec', { limit: 8, language: 'FRENCH' });
    expect(location.commandCalls(SearchPlaceIndexForTextCommand).map((call) => call.args[0].input)).toEqual([
      {
        IndexName: 'partage-places',
        Text: 'rue Principale Rimouski',
        FilterCountries: ['CAN'],
        FilterBBox: QUEBEC_BOUNDING_BOX,
        MaxResults: 5,
        Language: 'en',
      },
      expect.objectContaining({ Text: 'Québec', MaxResults: 8, Language: 'fr' }),
    ]);
  });

  it('maps a street address and a town to suggestions, the postal code spaced, the country left out', async () => {
    location.on(SearchPlaceIndexForTextCommand).resolves({
      Results: [
        { Place: RIMOUSKI_STREET, Relevance: 1 },
        {
          Place: {
            Label: 'Le Plateau-Mont-Royal, Montréal, QC, CAN',
            Geometry: { Point: [-73.58, 45.52] },
            Neighborhood: 'Le Plateau-Mont-Royal',
            Municipality: 'Montréal',
            Region: 'Quebec',
            PostalCode: 'H2X',
          },
        },
      ],
    });
    expect(await places.search('x', { limit: 8, language: 'FRENCH' })).toEqual([
      {
        label: '123 Rue Principale, Rimouski, QC, G5L1A1',
        address: '123 Rue Principale',
        town: 'Rimouski',
        postalCode: 'G5L 1A1',
        latitude: 48.45,
        longitude: -68.52,
      },
      {
        label: 'Le Plateau-Mont-Royal, Montréal, QC',
        address: 'Le Plateau-Mont-Royal',
        town: 'Montréal',
        postalCode: null,
        latitude: 45.52,
        longitude: -73.58,
      },
    ]);
  });

  it('leaves out places outside Quebec, or without a point or a town', async () => {
    location.on(SearchPlaceIndexForTextCommand).resolves({
      Results: [
        { Place: { ...RIMOUSKI_STREET, Municipality: 'Ottawa', Region: 'Ontario' } },
        { Place: { ...RIMOUSKI_STREET, Geometry: undefined } },
        { Place: { ...RIMOUSKI_STREET, Municipality: undefined, SubRegion: undefined } },
        { Place: { ...RIMOUSKI_STREET, Municipality: 'Gatineau' } },
      ],
    });
    expect((await places.search('x', { limit: 8, language: 'FRENCH' })).map((place) => place.town)).toEqual(['Gatineau']);
  });

  it('turns the index throttling into RATE_LIMITED, and lets any other failure through', async () => {
    location
      .on(SearchPlaceIndexForTextCommand)
      .rejectsOnce(new ThrottlingException({ message: 'slow down', Message: 'slow down', $metadata: {} }))
      .rejectsOnce(new ResourceNotFoundException({ message: 'no index', Message: 'no index', $metadata: {} }));
    const throttled = await places.search('x', { limit: 8, language: 'FRENCH' }).catch((error: unknown) => error);
    expect(throttled).toBeInstanceOf(AppError);
    expect(throttled).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 1 });
    await expect(places.search('x', { limit: 8, language: 'FRENCH' })).rejects.toBeInstanceOf(ResourceNotFoundException);
  });
  it('answers nothing for no text, or text with no letter or digit, without asking the index (it refuses an empty text)', async () => {
    location.on(SearchPlaceIndexForTextCommand).rejects(
      new ValidationException({
        message: 'Text too short',
        Message: 'Text too short',
        Reason: 'FieldValidationFailed',
        FieldList: [],
        $metadata: {},
      }),
    );
    for (const text of ['', '   ', ' , - ']) expect(await places.search(text, { limit: 8, language: 'FRENCH' }), text).toEqual([]);
    expect(location.commandCalls(SearchPlaceIndexForTextCommand)).toHaveLength(0);
  });
});
