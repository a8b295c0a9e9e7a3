/**
 * What `npm run backup` and `npm run restore` tell the operator, in both languages (the server's
 * own msg catalogue is for API answers; these are for a terminal). The locale picks one: LC_ALL,
 * LC_MESSAGES or LANG starting `zh` → Chinese, `en` → English; any other (C, POSIX, unset, as
 * on many servers) → both, Chinese first, so nobody is left with a language they cannot read.
 */
const catalogue = {
  usageBackup: ['用法：npm run backup -- <备份文件>', 'Usage: npm run backup -- <archive file>'],
  usageRestore: ['用法：npm run restore -- <备份文件>', 'Usage: npm run restore -- <archive file>'],
  badConfig: ['配置有误：{detail}', 'The configuration is not valid: {detail}'],
  exists: [
    '{file} 已存在：请换一个文件名（备份从不覆盖已有文件）。',
    '{file} exists already: choose a new name (a backup never overwrites a file).',
  ],
  noDatabase: [
    '{db} 处没有数据库：请检查 PARLEY_DATA_DIR（现为 {dir}）。',
    'There is no database at {db}: check PARLEY_DATA_DIR (it is {dir}).',
  ],
  serverSilent: [
    '数据库 {db} 正被其他进程使用，但 {url} 没有 Parley 服务器应答。请确认本数据目录的服务器正在运行，且 HOST、PORT 与它的设置相同。',
    'The database {db} is in use by another process, but no Parley server answered at {url}. Is the server of this data directory running, with the same HOST and PORT as here?',
  ],
  refused: [
    '{url} 的服务器拒绝了备份（{status}）：它不是 PARLEY_DATA_DIR（{dir}）的服务器，或刚刚重启过；请重试。',
    'The server at {url} refused the backup ({status}): it is not the server of PARLEY_DATA_DIR ({dir}), or it has just restarted; try again.',
  ],
  serverFailed: ['{url} 的服务器未能复制数据库：{detail}', 'The server at {url} could not copy its database: {detail}'],
  copyBroken: [
    '复制出的数据库未通过检查（{detail}），未写入任何备份。',
    'The copied database failed its check ({detail}); no backup was written.',
  ],
  backedUpOnline: [
    '备份已写入 {file}（{size}）：数据库由运行中的服务器在线复制，另有 {files} 个存储文件。',
    'Backup written to {file} ({size}): the database, copied online by the running server, and {files} stored files.',
  ],
  backedUpOffline: [
    '备份已写入 {file}（{size}）：数据库（服务器未运行，直接复制）和 {files} 个存储文件。',
    'Backup written to {file} ({size}): the database, copied from its file as no server was running, and {files} stored files.',
  ],
  backedUpFiles: [
    '备份已写入 {file}（{size}）：{files} 个存储文件。',
    'Backup written to {file} ({size}): {files} stored files.',
  ],
  pgDumpStep: [
    'PostgreSQL 数据库不在此备份中。请现在用相同的 DATABASE_URL 导出它，并与备份放在一起：\n  pg_dump --format=custom --file="{dump}" "$DATABASE_URL"',
    'The PostgreSQL database is not in this archive. Dump it now, with the same DATABASE_URL, and keep it with the archive:\n  pg_dump --format=custom --file="{dump}" "$DATABASE_URL"',
  ],
  notFound: ['没有文件 {file}。', 'There is no file {file}.'],
  notABackup: [
    '{file} 不是 Parley 备份（其中没有 parley-backup.json）。',
    '{file} is not a Parley backup (it holds no parley-backup.json).',
  ],
  notEmpty: [
    'PARLEY_DATA_DIR（{dir}）不是空目录（其中有 {entries}）。恢复只写入空目录，以免两个安装混在一起：请移走其中内容，或把 PARLEY_DATA_DIR 设为新目录。',
    'PARLEY_DATA_DIR ({dir}) is not empty (it holds {entries}). A restore writes only into an empty directory, so that two installations are never mixed: move its contents away or set PARLEY_DATA_DIR to a new directory.',
  ],
  sqliteButPg: [
    '此备份包含内置的 SQLite 数据库，但设置了 DATABASE_URL：请取消它，服务器才会使用恢复的数据库。',
    'This backup holds an embedded SQLite database, but DATABASE_URL is set: unset it, so that the server runs on the restored database.',
  ],
  pgButSqlite: [
    '此备份来自 PostgreSQL 安装：请把 DATABASE_URL 设为你将导入其 pg_dump 的数据库。',
    'This backup is of a PostgreSQL installation: set DATABASE_URL to the database you restore its pg_dump into.',
  ],
  restoredSqlite: [
    '已恢复到 {dir}：数据库和 {files} 个存储文件。请用同一 PARLEY_DATA_DIR 启动服务器；新版本会在启动时迁移数据库。',
    'Restored into {dir}: the database and {files} stored files. Start the server with the same PARLEY_DATA_DIR; a newer release migrates the database as it starts.',
  ],
  restoredFiles: ['已恢复到 {dir}：{files} 个存储文件。', 'Restored into {dir}: {files} stored files.'],
  pgRestoreStep: [
    '启动服务器前，请把与此备份一同导出的数据库恢复到一个空的 PostgreSQL 数据库：\n  pg_restore --no-owner --dbname="$DATABASE_URL" "{dump}"',
    'Before starting the server, restore the dump made with this backup into an empty PostgreSQL database:\n  pg_restore --no-owner --dbname="$DATABASE_URL" "{dump}"',
  ],
  failed: ['失败：{detail}', 'Failed: {detail}'],
} as const satisfies Record<string, readonly [string, string]>;

export type CliMsgKey = keyof typeof catalogue;
export type CliParams = Record<string, string | number>;

/** 'zh', 'en' or 'both', from the process locale. */
export function cliLanguage(env: NodeJS.ProcessEnv = process.env): 'zh' | 'en' | 'both' {
  const locale = (env.LC_ALL || env.LC_MESSAGES || env.LANG || '').toLowerCase();
  if (locale.startsWith('zh')) return 'zh';
  if (locale.startsWith('en')) return 'en';
  return 'both';
}

export function cliText(key: CliMsgKey, params: CliParams = {}, lang = cliLanguage()): string {
  const fill = (s: string) => s.replace(/\{(\w+)\}/g, (all, name: string) => String(params[name] ?? all));
  const [zh, en] = catalogue[key];
  if (lang === 'zh') return fill(zh);
  if (lang === 'en') return fill(en);
  return `${fill(zh)}\n${fill(en)}`;
}

/** A failure the operator can act on: printed as its text, exit code 1. */
export class CliError extends Error {
  constructor(
    readonly key: CliMsgKey,
    readonly params: CliParams = {},
  ) {
    super(cliText(key, params, 'en'));
  }
}

/** Runs a command: its CliErrors become their text in words on stderr, anything else `failed`. */
export function runCli(main: () => Promise<void>): void {
  main().catch((err: unknown) => {
    const text =
      err instanceof CliError ? cliText(err.key, err.params) : cliText('failed', { detail: (err as Error).message });
    process.stderr.write(`${text}\n`);
    process.exitCode = 1;
  });
}
