import type { ErrorCode, ScimType } from '@replay/contracts';
import { AppError } from '../../lib/errors';
import { SCIM_TYPE_HEADER } from '../../plugins/scim-errors';

/** An error of a SCIM rule with its scimType (the errors plugin writes it into SCIM's body). */
export const scimError = (code: ErrorCode, scimType: ScimType, message: string) => new AppError(code, [message], { [SCIM_TYPE_HEADER]: scimType });
