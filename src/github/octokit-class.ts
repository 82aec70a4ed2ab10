/**
 * Octokit with the plugins `getOctokit` of @actions/github adds: typed `rest.*` methods and
 * `paginate`. Built from @octokit/core rather than imported from @actions/github, whose module reads
 * and parses the event file again (twice) and sets up a proxy agent of its own when it loads.
 */
import { Octokit } from '@octokit/core';
import { paginateRest } from '@octokit/plugin-paginate-rest';
import { restEndpointMethods } from '@octokit/plugin-rest-endpoint-methods';

export const GitHubOctokit = Octokit.plugin(restEndpointMethods, paginateRest);
