/**
 * Octokit with the plugins `getOctokit` adds, built from @octokit/core: @actions/github's module
 * parses the event file again (twice) and sets up a proxy agent of its own when it loads.
 */
import { Octokit } from '@octokit/core';
import { paginateRest } from '@octokit/plugin-paginate-rest';
import { restEndpointMethods } from '@octokit/plugin-rest-endpoint-methods';

export const GitHubOctokit = Octokit.plugin(restEndpointMethods, paginateRest);
