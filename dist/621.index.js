export const id = 621;
export const ids = [621];
export const modules = {

/***/ 5621:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  openCommentSession: () => (/* binding */ openCommentSession),
  publishReportComment: () => (/* reexport */ publishReportComment)
});

// EXTERNAL MODULE: ./src/log.ts + 1 modules
var log = __webpack_require__(9658);
// EXTERNAL MODULE: ./node_modules/@actions/github/lib/github.js + 22 modules
var github = __webpack_require__(2413);
// EXTERNAL MODULE: ./src/version.ts
var version = __webpack_require__(311);
// EXTERNAL MODULE: ./src/comment/body.ts
var comment_body = __webpack_require__(5485);
// EXTERNAL MODULE: ./src/is-record.ts
var is_record = __webpack_require__(8289);
;// CONCATENATED MODULE: ./src/comment/event.ts
/**
 * Which issue or pull request a run reports on, from the event that triggered it. Pure: takes
 * `context.eventName` and `context.payload`, which are read from the runner's event file.
 */

/** Events whose payload names one issue or pull request to comment on. */
const COMMENT_EVENTS = ['issues', 'issue_comment', 'pull_request', 'pull_request_target'];
function numberOf(value) {
    return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}
/** Undefined when the event is not one of COMMENT_EVENTS or its payload lacks a usable number. */
function commentTargetOf(eventName, payload) {
    if (!(0,is_record/* isRecord */.u)(payload))
        return undefined;
    switch (eventName) {
        case 'issues':
        case 'issue_comment': {
            const issue = payload['issue'];
            if (!(0,is_record/* isRecord */.u)(issue))
                return undefined;
            const number = numberOf(issue['number']);
            if (number === undefined)
                return undefined;
            // A comment on a pull request arrives as issue_comment with `issue.pull_request` set.
            return { number, kind: (0,is_record/* isRecord */.u)(issue['pull_request']) ? 'pull-request' : 'issue' };
        }
        case 'pull_request':
        case 'pull_request_target': {
            const pull = payload['pull_request'];
            const number = numberOf((0,is_record/* isRecord */.u)(pull) ? pull['number'] : undefined) ?? numberOf(payload['number']);
            return number === undefined ? undefined : { number, kind: 'pull-request' };
        }
        default:
            return undefined;
    }
}

// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(3916);
// EXTERNAL MODULE: ./src/text/redact.ts
var redact = __webpack_require__(3326);
;// CONCATENATED MODULE: ./src/comment/failure.ts
/**
 * Turns a failed GitHub call into the warning the user sees. A comment is a courtesy: it never
 * fails the step, but the warning says what to change. The token never appears in the text.
 */



/**
 * The HTTP status GitHub answered. Octokit reports a network failure or a timeout as status 500
 * without a response, so only an error that carries a response has a status here.
 */
function statusOf(error) {
    if (!(0,is_record/* isRecord */.u)(error) || !(0,is_record/* isRecord */.u)(error['response']))
        return undefined;
    return typeof error['status'] === 'number' ? error['status'] : undefined;
}
/** Octokit's RequestError keeps the response headers; a rate limit shows in them. */
function isRateLimit(error) {
    const response = (0,is_record/* isRecord */.u)(error) ? error['response'] : undefined;
    const headers = (0,is_record/* isRecord */.u)(response) ? response['headers'] : undefined;
    if ((0,is_record/* isRecord */.u)(headers) && headers['x-ratelimit-remaining'] === '0')
        return true;
    return /rate limit/i.test((0,errors/* messageOf */.bD)(error));
}
/** Octokit keeps the original fetch error as `cause`; a timeout shows there by name. */
function isTimeout(error) {
    const cause = (0,is_record/* isRecord */.u)(error) ? error['cause'] : undefined;
    return [error, cause].some((candidate) => (0,is_record/* isRecord */.u)(candidate) && (candidate['name'] === 'TimeoutError' || candidate['name'] === 'AbortError'));
}
function permissionHint(target) {
    return target.kind === 'issue'
        ? 'add `permissions: issues: write` to the job'
        : 'add `permissions: pull-requests: write` to the job (on pull_request events from forks the token is read-only whatever the permissions)';
}
/** `subject`: what the failure does not affect, said at the end of every message. */
function describeCommentFailure(error, action, target, token, subject = 'The agent job') {
    const where = `${target.kind === 'issue' ? 'issue' : 'pull request'} #${target.number}`;
    const lead = `Could not ${action} on ${where}`;
    const tail = `${subject} is not affected.`;
    const status = statusOf(error);
    if (status === 401)
        return { message: `${lead}: GitHub rejected the token (401); check the 'github-token' input. ${tail}`, permanent: true };
    if ((status === 403 || status === 429) && isRateLimit(error)) {
        return { message: `${lead}: GitHub's API rate limit was reached (${status}). ${tail}`, permanent: false };
    }
    if (status === 403)
        return { message: `${lead}: the token may not write comments (403); ${permissionHint(target)}. ${tail}`, permanent: true };
    if (status === 404) {
        return {
            message: `${lead}: not found (404); the token cannot see it or it was deleted; ${permissionHint(target)}. ${tail}`,
            permanent: true,
        };
    }
    if (status === 410)
        return { message: `${lead}: issues are disabled in this repository (410). ${tail}`, permanent: true };
    if (status === undefined && isTimeout(error))
        return { message: `${lead}: GitHub did not answer within 'request-timeout'. ${tail}`, permanent: false };
    // GitHub's answer (or a proxy's page) may be long and may echo the token: redacted, then shortened.
    // Belt and braces: the token is also registered as a secret, which masks it in the log.
    const said = (0,redact/* quoteUntrusted */.X0)((0,errors/* messageOf */.bD)(error), [token], redact/* QUOTE_CHARS */.N0);
    const detail = status === undefined ? `network error: ${said}` : `GitHub answered ${status}: ${said}`;
    return { message: `${lead}: ${detail}. ${tail}`, permanent: false };
}

;// CONCATENATED MODULE: ./src/comment/github-api.ts

/** GitHub answered 2xx with something that is not a comment (a proxy page, an API change). */
class CommentShapeError extends Error {
    name = 'CommentShapeError';
}
function toIssueComment(value) {
    if (!(0,is_record/* isRecord */.u)(value))
        return undefined;
    const { id, body, html_url: htmlUrl, user } = value;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || typeof htmlUrl !== 'string')
        return undefined;
    const author = (0,is_record/* isRecord */.u)(user) && typeof user['login'] === 'string' && user['login'] !== '' ? user['login'] : undefined;
    // An empty comment comes back with `body: null`; it cannot hold a marker.
    return { id, body: typeof body === 'string' ? body : '', htmlUrl, ...(author !== undefined && { author }) };
}
/** `{viewer: {login}}` from GitHub's GraphQL API. */
function parseViewerLogin(data) {
    const viewer = (0,is_record/* isRecord */.u)(data) ? data['viewer'] : undefined;
    const login = (0,is_record/* isRecord */.u)(viewer) ? viewer['login'] : undefined;
    if (typeof login !== 'string' || login === '')
        throw new CommentShapeError("GitHub's answer to 'viewer { login }' has no login.");
    return login;
}
function requireComment(value, what) {
    const comment = toIssueComment(value);
    if (comment === undefined)
        throw new CommentShapeError(`GitHub's answer to ${what} is not a comment (no numeric id or html_url).`);
    return comment;
}
/** `<https://api.github.com/...&page=7>; rel="last"` → 7. */
function lastPageOf(link) {
    if (link === undefined)
        return undefined;
    for (const part of link.split(',')) {
        const match = /<([^>]*)>\s*;\s*rel="?last"?/.exec(part);
        if (match?.[1] === undefined)
            continue;
        try {
            const page = Number(new URL(match[1]).searchParams.get('page'));
            return Number.isSafeInteger(page) && page > 0 ? page : undefined;
        }
        catch {
            return undefined;
        }
    }
    return undefined;
}
function parseCommentsPage(data, link) {
    if (!Array.isArray(data))
        throw new CommentShapeError("GitHub's list of issue comments is not an array.");
    const comments = data.map(toIssueComment).filter((comment) => comment !== undefined);
    return { comments, lastPage: lastPageOf(link) };
}
/** Each call gets its own timeout: a hung GitHub API must not hold the step after the job ended. */
function octokitCommentsApi(octokit, issue, requestTimeoutMs) {
    const base = { owner: issue.owner, repo: issue.repo };
    const request = () => ({ signal: AbortSignal.timeout(requestTimeoutMs) });
    return {
        async listPage(page, perPage) {
            const response = await octokit.request('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', {
                ...base,
                issue_number: issue.number,
                per_page: perPage,
                page,
                request: request(),
            });
            const data = response.data;
            return parseCommentsPage(data, response.headers.link);
        },
        async create(body) {
            const response = await octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
                ...base,
                issue_number: issue.number,
                body,
                request: request(),
            });
            const data = response.data;
            return requireComment(data, 'creating a comment');
        },
        async update(commentId, body) {
            const response = await octokit.request('PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}', {
                ...base,
                comment_id: commentId,
                body,
                request: request(),
            });
            const data = response.data;
            return requireComment(data, 'updating a comment');
        },
        async viewerLogin() {
            // REST `GET /user` refuses installation tokens; GraphQL's viewer answers both kinds of token.
            const data = await octokit.graphql('query { viewer { login } }', { request: request() });
            return parseViewerLogin(data);
        },
    };
}

;// CONCATENATED MODULE: ./src/comment/find.ts
/**
 * Finds the comment of a job: the newest comment that starts with the job's hidden marker and was
 * written by the account the token acts as. Anyone who can comment can paste a marker, so a
 * marked comment by anyone else is never taken for the action's own (it would be overwritten).
 *
 * GitHub lists an issue's comments oldest first and cannot reverse the order, so after the first
 * page (which tells the last page number) the newest pages are read first, and the walk stops
 * after a bounded number of requests. Who the token is costs one more request, made only once a
 * marked comment turns up: an issue without one costs nothing more.
 */

const PER_PAGE = 100;
/** 10 requests cover 1,000 comments: page 1 plus the 9 newest pages. */
const MAX_PAGES = 10;
async function findMarkedComment(api, marker, ownLogin, maxPages = MAX_PAGES) {
    let login;
    const newestOwnMatch = async (comments) => {
        // Newest last on a page; a duplicate (two runs racing) resolves to the newer comment.
        const marked = comments.filter((comment) => (0,comment_body/* hasMarker */.xY)(comment.body, marker)).reverse();
        if (marked.length === 0)
            return undefined;
        // A failure to learn who the token is throws: it must not fall back to trusting any author.
        login ??= await ownLogin();
        return marked.find((comment) => comment.author === login);
    };
    const first = await api.listPage(1, PER_PAGE);
    const last = first.lastPage ?? 1;
    for (let page = last, requests = 1; page >= 2 && requests < maxPages; page--, requests++) {
        const found = await newestOwnMatch((await api.listPage(page, PER_PAGE)).comments);
        if (found !== undefined)
            return found;
    }
    return newestOwnMatch(first.comments);
}

;// CONCATENATED MODULE: ./src/comment/session.ts


class CommentSession {
    options;
    jobId;
    comment = Promise.resolve(undefined);
    disabled = false;
    login;
    /** Set once the run is cancelled: the cancelled comment is the last word. */
    cancelling = false;
    constructor(options) {
        this.options = options;
    }
    /** Starts writing the "started" comment without holding up the job phase; `finished` waits for it. */
    started(jobId) {
        this.jobId = jobId;
        // The job became known while the run was being cancelled: `cancelled` writes the one comment.
        if (this.cancelling)
            return;
        const body = (0,comment_body/* startedBody */.MW)({
            jobId,
            request: this.options.request,
            target: this.options.target,
            wait: this.options.wait,
            runUrl: this.options.runUrl,
        });
        this.comment = this.upsert(jobId, body, undefined);
    }
    /**
     * Updates the comment with the result and returns its URL. Nothing is written when the job was
     * never known (creating it failed: the failed step says why), and a `wait: false` run keeps the
     * "started" comment, which already says how to follow the job. `result` is undefined when the
     * job phase threw after the job was known (polling gave up), or when a create or message failed
     * in a way where the service may have acted on `unclearJobId`: the comment says it is no longer followed.
     */
    async finished(result, unclearJobId) {
        const known = await this.comment;
        const jobId = this.jobId ?? unclearJobId;
        if (jobId === undefined || this.cancelling)
            return known?.htmlUrl;
        if (result?.outcome === 'started')
            return known?.htmlUrl;
        const body = result === undefined ? (0,comment_body/* stoppedBody */.WP)(jobId, this.options.runUrl) : (0,comment_body/* finishedBody */.h3)(result, this.options.runUrl);
        const updated = await this.upsert(jobId, body, known);
        return (updated ?? known)?.htmlUrl;
    }
    /**
     * The run is being cancelled: says so in the comment, with the job id when known (else the one
     * the job phase learned meanwhile) and how to resume; or, when the job had already ended, shows
     * its result as `finished` would. The caller bounds the wait: the process exits soon after,
     * whether or not GitHub answered.
     */
    async cancelled(note) {
        this.cancelling = true;
        const known = await this.comment;
        const jobId = note.ended?.jobId ?? note.jobId ?? this.jobId;
        const body = note.ended
            ? (0,comment_body/* finishedBody */.h3)(note.ended, this.options.runUrl)
            : (0,comment_body/* cancelledBody */.U$)({ jobId, messageUnclear: note.messageUnclear, runUrl: this.options.runUrl });
        const updated = await this.upsert(jobId, body, known);
        return (updated ?? known)?.htmlUrl;
    }
    /** Who the token acts as, asked once per run; a failed lookup is asked again next time. */
    ownLogin() {
        this.login ??= this.options.api.viewerLogin().catch((error) => {
            this.login = undefined;
            throw error;
        });
        return this.login;
    }
    /**
     * Updates `known`, or the comment this token wrote with the job's marker, or creates one (always,
     * without a job id). When GitHub cannot say who the token is, nothing is written: a marked comment
     * by someone else must not be overwritten, and a second comment of the job would be a duplicate.
     */
    async upsert(jobId, body, known) {
        if (this.disabled)
            return undefined;
        let action = 'list the comments';
        try {
            const ownLogin = async () => {
                action = "check who wrote the job's comment";
                const login = await this.ownLogin();
                action = 'list the comments';
                return login;
            };
            const existing = known ?? (jobId === undefined ? undefined : await findMarkedComment(this.options.api, (0,comment_body/* commentMarker */.Ql)(jobId), ownLogin));
            if (existing !== undefined) {
                action = 'update the comment';
                const comment = await this.options.api.update(existing.id, body);
                this.options.info(`Updated the issue comment ${comment.htmlUrl}`);
                return comment;
            }
            action = 'create a comment';
            const comment = await this.options.api.create(body);
            this.options.info(`Wrote the issue comment ${comment.htmlUrl}`);
            return comment;
        }
        catch (error) {
            const failure = this.options.describe(error, action);
            this.options.warn(failure.message);
            if (failure.permanent)
                this.disabled = true;
            return undefined;
        }
    }
}

// EXTERNAL MODULE: ./src/comment/report-body.ts
var report_body = __webpack_require__(6012);
;// CONCATENATED MODULE: ./src/comment/report-publisher.ts
/**
 * report-issue: the analytics report as one comment on a chosen issue, for scheduled runs where no
 * one opens the job summary. Loaded with a dynamic import only when wanted (Octokit is a separate
 * chunk). The comment of the same project and window, written by the token's own account, is found
 * by its marker and updated in place; any GitHub failure is one warning, never a failed step.
 */








/** Writes or updates the comment; its URL, or undefined (with a warning) when GitHub refused. */
async function publishReportComment(comment, api) {
    const target = { number: comment.issue, kind: 'issue' };
    const repository = process.env['GITHUB_REPOSITORY'] ?? '';
    const [owner, repo, ...rest] = repository.split('/');
    if (api === undefined && (!owner || !repo || rest.length > 0)) {
        log.warning(`GITHUB_REPOSITORY is '${repository}', not 'owner/repo': the report is not posted on issue #${comment.issue}.`);
        return undefined;
    }
    const comments = api ??
        octokitCommentsApi((0,github/* getOctokit */.Q)(comment.token, { userAgent: (0,version/* userAgent */.N1)() }), { owner: owner ?? '', repo: repo ?? '', number: comment.issue }, comment.requestTimeoutMs);
    const body = (0,report_body/* reportCommentBody */.yq)(comment.marker, comment.report, (0,comment_body/* workflowRunUrl */.CX)(process.env));
    let action = 'list the comments';
    try {
        // Only a comment this token's own account wrote is updated: anyone can paste a marker.
        const existing = await findMarkedComment(comments, comment.marker, async () => {
            action = 'check who wrote the report comment';
            const login = await comments.viewerLogin();
            action = 'list the comments';
            return login;
        });
        if (existing !== undefined) {
            action = 'update the report comment';
            const updated = await comments.update(existing.id, body);
            log.info(`Updated the report comment ${updated.htmlUrl}`);
            return updated.htmlUrl;
        }
        action = 'create the report comment';
        const created = await comments.create(body);
        log.info(`Wrote the report comment ${created.htmlUrl}`);
        return created.htmlUrl;
    }
    catch (error) {
        log.warning(describeCommentFailure(error, action, target, comment.token, 'The analytics report').message);
        return undefined;
    }
}

;// CONCATENATED MODULE: ./src/comment/publisher.ts
/**
 * Entry of the issue-comment feature, loaded with a dynamic import only when `comment: true`, so a
 * plain run never parses Octokit (ncc puts this module and its dependencies in a separate chunk).
 * `@actions/github` reads the event file and GITHUB_API_URL (GitHub Enterprise Server too).
 */








// report-issue's comment, from the same chunk: one Octokit load serves both.

/** Undefined, with a notice or a warning, when this run has nothing to comment on. */
function openCommentSession(options) {
    const target = commentTargetOf(github/* context */._.eventName, github/* context */._.payload);
    if (target === undefined) {
        const event = github/* context */._.eventName || 'an unknown event';
        log.notice(`'comment' is true, but this run was triggered by '${event}', not by ${COMMENT_EVENTS.join(', ')} with an issue or pull request: no comment is written.`);
        return undefined;
    }
    const repository = process.env['GITHUB_REPOSITORY'] ?? '';
    const [owner, repo, ...rest] = repository.split('/');
    if (!owner || !repo || rest.length > 0) {
        log.warning(`GITHUB_REPOSITORY is '${repository}', not 'owner/repo': no comment is written. The agent job is not affected.`);
        return undefined;
    }
    const token = options.settings.token;
    const octokit = (0,github/* getOctokit */.Q)(token, { userAgent: (0,version/* userAgent */.N1)() });
    return new CommentSession({
        api: octokitCommentsApi(octokit, { owner, repo, number: target.number }, options.requestTimeoutMs),
        target,
        request: options.request,
        wait: options.wait,
        runUrl: (0,comment_body/* workflowRunUrl */.CX)(process.env),
        describe: (error, action) => describeCommentFailure(error, action, target, token),
        warn: (message) => log.warning(message),
        info: (message) => log.info(message),
    });
}


/***/ })

};
