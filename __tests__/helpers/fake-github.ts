/**
 * A small fake of GitHub's REST API for issue comments, on 127.0.0.1: list (paginated with a Link
 * header, oldest first, as GitHub does), create and update. It records every request and can be
 * told to answer with an error in GitHub's JSON shape. It also answers a user's repository
 * permission (collaborators/{username}/permission), as GitHub does for each kind of account, and
 * GraphQL's `viewer { login }`, the account the token acts as.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export interface FakeComment {
  readonly id: number;
  readonly issue: number;
  body: string;
  readonly user: { readonly login: string; readonly type: string };
  readonly html_url: string;
}

export interface RecordedRequest {
  readonly method: string;
  /** Path without the query. */
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly body: string;
  /** Date.now() on arrival, to order requests against the emulator's log. */
  readonly at: number;
  /** Status the fake answered. */
  status: number;
}

export interface FailRule {
  readonly status: number;
  readonly message?: string;
  /** Only requests with this method; any when absent. */
  readonly method?: string;
  /** Only requests to this path (e.g. '/graphql'); any when absent. */
  readonly path?: string;
  /** Answer this many matching requests with the error, then behave again; forever when absent. */
  times?: number;
  readonly headers?: Readonly<Record<string, string>>;
}

/** A base role, or a custom role's name (then `base` is the role it extends). */
export type FakeRole =
  'admin' | 'maintain' | 'write' | 'triage' | 'read' | { readonly custom: string; readonly base: 'read' | 'triage' | 'write' | 'maintain' };

/** What the permission endpoint answers for one login: a role, or any status and body. */
export type PermissionAnswer = FakeRole | { readonly status: number; readonly body: unknown };

export interface FakeGitHub {
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** Comments of an issue, oldest first. */
  comments(issue: number): FakeComment[];
  addComment(issue: number, body: string, login?: string): FakeComment;
  fail(rule: FailRule): void;
  /** Until reset: what the permission endpoint answers for `login` (case-insensitive). */
  setPermission(login: string, answer: PermissionAnswer): void;
  reset(): void;
  close(): Promise<void>;
}

export interface FakeGitHubOptions {
  readonly owner?: string;
  readonly repo?: string;
  /** Accepted token; a request with another one gets GitHub's 401. */
  readonly token: string;
  /** Roles by login, kept across reset. Anyone else is not a collaborator: GitHub answers 'none'. */
  readonly collaborators?: Readonly<Record<string, FakeRole>>;
  /** Login of the token's account, as GraphQL's viewer; also the author of the comments it creates. */
  readonly viewerLogin?: string;
}

const DOCS = 'https://docs.github.com/rest/issues/comments';

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8');
}

/** The `body` field of a JSON request body (a comment's text), or undefined when there is none. */
export function bodyField(text: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && 'body' in parsed && typeof parsed.body === 'string') return parsed.body;
  } catch {
    // Falls through to the 422 GitHub gives for a body it cannot read.
  }
  return undefined;
}

const FLAG_LEVELS = ['pull', 'triage', 'push', 'maintain', 'admin'] as const;
const BASE_LEVEL = { none: -1, read: 0, triage: 1, write: 2, maintain: 3, admin: 4 } as const;
/** GitHub's legacy `permission`: maintain reads as write, triage as read. */
const LEGACY = { none: 'none', read: 'read', triage: 'read', write: 'write', maintain: 'write', admin: 'admin' } as const;

/** GitHub's answer to GET /repos/{owner}/{repo}/collaborators/{username}/permission for a role. */
function permissionBody(login: string, role: FakeRole | undefined): unknown {
  const base = role === undefined ? 'none' : typeof role === 'string' ? role : role.base;
  const permissions = Object.fromEntries(FLAG_LEVELS.map((flag, level) => [flag, level <= BASE_LEVEL[base]]));
  return {
    permission: LEGACY[base],
    role_name: role === undefined ? '' : typeof role === 'string' ? role : role.custom,
    user: { login, id: 1, type: login.endsWith('[bot]') ? 'Bot' : 'User', permissions },
  };
}

export async function startFakeGitHub(options: FakeGitHubOptions): Promise<FakeGitHub> {
  const owner = options.owner ?? 'acme';
  const repo = options.repo ?? 'docs';
  const viewerLogin = options.viewerLogin ?? 'github-actions[bot]';
  const requests: RecordedRequest[] = [];
  let comments: FakeComment[] = [];
  let rules: FailRule[] = [];
  let permissionAnswers = new Map<string, PermissionAnswer>();
  const collaborators = new Map(Object.entries(options.collaborators ?? {}).map(([login, role]) => [login.toLowerCase(), role]));
  let nextId = 1000;
  let url = '';

  const addComment = (issue: number, body: string, login = viewerLogin): FakeComment => {
    const id = nextId++;
    const comment: FakeComment = {
      id,
      issue,
      body,
      user: { login, type: login.endsWith('[bot]') ? 'Bot' : 'User' },
      html_url: `https://github.com/${owner}/${repo}/issues/${issue}#issuecomment-${id}`,
    };
    comments.push(comment);
    return comment;
  };

  const listPage = (issue: number, query: Readonly<Record<string, string>>, path: string): [unknown, Record<string, string>] => {
    const perPage = Math.min(100, Math.max(1, Number(query['per_page'] ?? '30') || 30));
    const page = Math.max(1, Number(query['page'] ?? '1') || 1);
    const all = comments.filter((comment) => comment.issue === issue);
    const last = Math.max(1, Math.ceil(all.length / perPage));
    const link = (n: number): string => `<${url}${path}?per_page=${perPage}&page=${n}>`;
    const links: string[] = [];
    if (page < last) links.push(`${link(page + 1)}; rel="next"`, `${link(last)}; rel="last"`);
    if (page > 1) links.push(`${link(page - 1)}; rel="prev"`, `${link(1)}; rel="first"`);
    return [all.slice((page - 1) * perPage, page * perPage), links.length > 0 ? { link: links.join(', ') } : {}];
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const parsed = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    const body = await readBody(req);
    const record: RecordedRequest = {
      method,
      path: parsed.pathname,
      query: Object.fromEntries(parsed.searchParams),
      headers: Object.fromEntries(
        Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]),
      ),
      body,
      at: Date.now(),
      status: 0,
    };
    requests.push(record);
    const answer = (status: number, payload: unknown, headers: Record<string, string> = {}): void => {
      record.status = status;
      send(res, status, payload, headers);
    };

    const auth = req.headers.authorization ?? '';
    if (auth !== `token ${options.token}` && auth !== `Bearer ${options.token}`) {
      return answer(401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest', status: '401' });
    }
    const rule = rules.find(
      (candidate) =>
        (candidate.method === undefined || candidate.method === method) &&
        (candidate.path === undefined || candidate.path === parsed.pathname) &&
        (candidate.times === undefined || candidate.times > 0),
    );
    if (rule !== undefined) {
      if (rule.times !== undefined) rule.times--;
      return answer(
        rule.status,
        { message: rule.message ?? 'Resource not accessible by integration', documentation_url: DOCS, status: String(rule.status) },
        { ...rule.headers },
      );
    }

    if (parsed.pathname === '/graphql' && method === 'POST') {
      // The one query the action sends; anything else is answered as GitHub answers a bad query.
      if (!/viewer\s*\{\s*login\s*\}/.test(body)) return answer(200, { errors: [{ message: 'unexpected query in the fake' }] });
      return answer(200, { data: { viewer: { login: viewerLogin } } });
    }
    const permissionMatch = new RegExp(`^/repos/${owner}/${repo}/collaborators/([^/]+)/permission$`).exec(parsed.pathname);
    if (permissionMatch && method === 'GET') {
      const login = decodeURIComponent(permissionMatch[1] ?? '');
      const given = permissionAnswers.get(login.toLowerCase()) ?? collaborators.get(login.toLowerCase());
      if (given !== undefined && typeof given === 'object' && 'status' in given) return answer(given.status, given.body);
      return answer(200, permissionBody(login, given));
    }

    const prefix = `/repos/${owner}/${repo}/issues/`;
    const issueMatch = new RegExp(`^${prefix}(\\d+)/comments$`).exec(parsed.pathname);
    const commentMatch = new RegExp(`^${prefix}comments/(\\d+)$`).exec(parsed.pathname);
    if (issueMatch && method === 'GET') return answer(200, ...listPage(Number(issueMatch[1]), record.query, parsed.pathname));
    if (issueMatch && method === 'POST') {
      const text = bodyField(body);
      if (text === undefined) return answer(422, { message: 'Invalid request.', documentation_url: DOCS, status: '422' });
      return answer(201, addComment(Number(issueMatch[1]), text));
    }
    if (commentMatch && method === 'PATCH') {
      const comment = comments.find((candidate) => candidate.id === Number(commentMatch[1]));
      const text = bodyField(body);
      if (comment === undefined) return answer(404, { message: 'Not Found', documentation_url: DOCS, status: '404' });
      if (text === undefined) return answer(422, { message: 'Invalid request.', documentation_url: DOCS, status: '422' });
      comment.body = text;
      return answer(200, comment);
    }
    return answer(404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest', status: '404' });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, { message: 'fake GitHub failed' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('fake GitHub: no TCP address');
  url = `http://127.0.0.1:${address.port}`;

  return {
    url,
    requests,
    comments: (issue) => comments.filter((comment) => comment.issue === issue),
    addComment,
    fail: (rule) => {
      rules.push(rule);
    },
    setPermission: (login, permission) => {
      permissionAnswers.set(login.toLowerCase(), permission);
    },
    reset: () => {
      requests.length = 0;
      comments = [];
      rules = [];
      permissionAnswers = new Map();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
