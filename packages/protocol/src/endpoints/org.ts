import { noParams } from '../contacts';
import {
  orgAddParams,
  orgDelParams,
  orgEditParams,
  orgMembersParams,
  orgImportParams,
  orgMoveParams,
  type OrgImportRow,
  type Department,
  type OrgMember,
} from '../org';
import { paths } from '../paths';
import { data, done, paged, type EndpointDef } from './define';

/** The organization (§18): the tree and its people for everyone (runMode 1), the editor for admins. */
export const orgEndpoints = {
  [paths.orgTree]: { auth: 'required', params: noParams, answer: data<Department[]>() },
  [paths.orgMembers]: { auth: 'required', params: orgMembersParams, answer: paged<OrgMember[]>() },
  /** The new department. */
  [paths.adminOrgAdd]: { auth: 'required', params: orgAddParams, answer: data<Department>() },
  [paths.adminOrgEdit]: { auth: 'required', params: orgEditParams, answer: done() },
  [paths.adminOrgDel]: { auth: 'required', params: orgDelParams, answer: done() },
  /** `data` = how many people moved. */
  [paths.adminOrgMove]: { auth: 'required', params: orgMoveParams, answer: data<{ moved: number }>() },
  /** Multipart; the fields are read by the import itself (org.ts orgImportParams names them). */
  [paths.adminOrgImport]: { auth: 'required', params: orgImportParams, answer: data<OrgImportRow[]>() },
} as const satisfies Record<string, EndpointDef>;
