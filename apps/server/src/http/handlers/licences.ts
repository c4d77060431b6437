// The tenant's licences: the one in force, its history, the credits spent, and activation with a
// vendor's code. Rules in src/domain/licences.
import { activateLicence } from '../../domain/licences/activation.js';
import { currentLicence, licenceHistory, usageHistory } from '../../domain/licences/licence-views.js';
import { defineHandlers, requires } from '../handler.js';

export const licenceHandlers = defineHandlers({
  License_Get: requires(['Licensing.View'], ({ session, services }) =>
    currentLicence(services.db, session.membership.tenant_id),
  ),
  License_GetLicenseHistory: requires(['Licensing.View'], ({ query, session, services }) =>
    licenceHistory(services.db, session.membership.tenant_id, query.continuationToken),
  ),
  License_GetLicenseVolumeHistory: requires(['Licensing.ViewUsageHistory'], ({ body, query, session, services }) =>
    usageHistory(services.db, session.membership.tenant_id, body, query.continuationToken),
  ),
  License_Activate: requires(['Licensing.ActivateLicense'], ({ body, session, services }) =>
    activateLicence(services.db, session.membership.tenant_id, body.activationCode, services.config.licenceVendorKey),
  ),
});
