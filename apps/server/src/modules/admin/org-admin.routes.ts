import fs from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import { orgLimits, paths, toFlag, type EndpointPath, type ParamsOut } from '@parley/protocol';
import { ok } from '../../platform/http/envelope';
import { AppError } from '../../platform/http/errors';
import { readMultipart } from '../../platform/http/multipart';
import type { AnyRoute, Reply, RequestContext, RouteBuilder } from '../../platform/http/router';
import type { ConfigService } from '../config/index';
import type { Org, OrgImport } from '../org/index';
import type { UserRow } from '../users/index';
import type { Audit } from './audit';
import { requireAdminWrite } from './guard';

type OrgPath = Extract<EndpointPath, `/manage/org/${string}`>;
type Ctx = RequestContext & { auth: { user: UserRow } };

/**
 * The department editor of §18 (`/manage/org/*`): writes behind the §12.2 guard (demo mode
 * refuses non-super admins), each recorded in the audit log as `org.<action>`.
 */
export function orgAdminRoutes<A extends { user: UserRow }>(
  route: RouteBuilder<A>,
  d: { config: ConfigService; audit: Audit; org: Org; orgImport: OrgImport },
): AnyRoute<A>[] {
  function write<P extends OrgPath>(path: P, handler: (p: ParamsOut<P>, ctx: Ctx, me: UserRow) => Promise<Reply<P>>) {
    return route(path, async (p: ParamsOut<P>, ctx: RequestContext & { auth?: A }) => {
      const me = (ctx as Ctx).auth.user;
      await requireAdminWrite(me, d.config);
      return handler(p, ctx as Ctx, me);
    });
  }
  const audit = (me: UserRow, ctx: Ctx, action: string, targetId: number, detail: Record<string, unknown>) =>
    d.audit.record(me, ctx.ip, { action, targetType: 'department', targetId, detail });

  return [
    write(paths.adminOrgAdd, async (p, ctx, me) => {
      const dep = await d.org.add(p);
      await audit(me, ctx, 'org.add', dep.id, { name: dep.name, parent_id: dep.parent_id });
      return ok(dep, 'common.saved');
    }),
    write(paths.adminOrgEdit, async (p, ctx, me) => {
      await d.org.edit(p);
      const { id, ...fields } = p;
      await audit(me, ctx, 'org.edit', id, fields);
      return ok('', 'common.saved');
    }),
    write(paths.adminOrgDel, async (p, ctx, me) => {
      await d.org.del(p.id);
      await audit(me, ctx, 'org.del', p.id, {});
      return ok('', 'admin.deleted');
    }),
    write(paths.adminOrgMove, async (p, ctx, me) => {
      const moved = await d.org.move(p.user_ids, p.dep_id);
      await audit(me, ctx, 'org.move', p.dep_id, { user_ids: p.user_ids, moved });
      return ok({ moved }, 'common.saved');
    }),
    write(paths.adminOrgImport, async (p, ctx, me) => {
      const { bytes, preview } = await importFile(ctx.req, p.preview);
      const r = await d.orgImport.run(me, bytes, preview, ctx.lang);
      const summary = { created: r.created, updated: r.updated, failed: r.failed };
      if (!preview) await audit(me, ctx, 'org.import', 0, summary);
      return { data: r.rows, msg: preview ? 'org.importChecked' : 'org.imported', msgParams: summary };
    }),
  ];
}

/** The CSV of an import (multipart `file`), and `preview` from the form or the query string. */
async function importFile(req: FastifyRequest | undefined, queryPreview: 0 | 1) {
  if (!req) throw new AppError(400, 'socket.notAllowed');
  const body = await readMultipart(req, {
    maxFileBytes: orgLimits.importFileBytes,
    maxBodyBytes: orgLimits.importFileBytes + 1024 * 1024,
    fileField: 'file',
  });
  const file = body.file;
  if (!file) throw new AppError(400, 'org.importBadFile');
  if (file.tooLarge) throw new AppError(400, 'org.importTooMany', { max: orgLimits.importRowsMax });
  try {
    const bytes = await fs.readFile(file.tempFile);
    return { bytes, preview: queryPreview === 1 || toFlag(body.fields.preview) === 1 };
  } finally {
    await fs.rm(file.tempFile, { force: true });
  }
}
