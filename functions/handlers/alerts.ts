// Resolvers of the alerts (functions/domain/alerts): each use case checks the caller's role and, for
// an alert, its ownership (or the link's token) before it reads the input.

import type {
  MutationConfirmAlertArgs,
  MutationCreateAlertArgs,
  MutationDeleteAlertArgs,
  MutationDeleteAlertByLinkArgs,
  MutationUpdateAlertArgs,
  PublicProfileSource,
  QueryAlertArgs,
} from '@partage/graphql';
import { userAlerts } from '../data/alerts';
import { alertById, confirmAlert, createAlert, deleteAlert, deleteAlertByLink, myAlerts, updateAlert } from '../domain/alerts/alerts';
import { publicAlertsOf } from '../domain/alerts/alert-view';
import type { Identity } from '../domain/identity';
import { batched, resolverHandler, sourceAddressOf, type FieldMap, type ResolverEvent } from './shared/resolver';
import { observed } from './shared/observed';

export const alertsFields = {
  'Query.myAlerts': (_args: Record<string, never>, identity: Identity) => myAlerts(identity),
  'Query.alert': ({ id }: QueryAlertArgs, identity: Identity) => alertById(identity, id),

  'Mutation.createAlert': ({ input }: MutationCreateAlertArgs, identity: Identity, event: ResolverEvent) =>
    createAlert(identity, input, sourceAddressOf(event)),
  'Mutation.updateAlert': ({ input }: MutationUpdateAlertArgs, identity: Identity) => updateAlert(identity, input),
  'Mutation.deleteAlert': ({ id }: MutationDeleteAlertArgs, identity: Identity) => deleteAlert(identity, id),
  'Mutation.confirmAlert': ({ input }: MutationConfirmAlertArgs) => confirmAlert(input),
  'Mutation.deleteAlertByLink': ({ input }: MutationDeleteAlertByLinkArgs) => deleteAlertByLink(input),

  // The profile was already allowed to its reader (USER or ADMIN); administrators see no alerts (spec §6).
  'PublicProfile.alerts': batched(async (calls) =>
    Promise.all(
      calls.map(async ({ identity, source }) =>
        identity.role === 'USER' ? publicAlertsOf(await userAlerts((source as PublicProfileSource).id)) : null,
      ),
    ),
  ),
} satisfies FieldMap;

export const handler = observed('alerts', resolverHandler(alertsFields));
