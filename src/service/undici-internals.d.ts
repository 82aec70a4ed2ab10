// Types for the undici files that undici-lite.ts loads directly: undici publishes types for its entry
// point only. Each file's default export is the class or object the entry point re-exports.
declare module 'undici/lib/api/index.js' {
  import type { Dispatcher } from 'undici';
  /** The dispatcher methods undici's entry point adds to every dispatcher's prototype. */
  const api: {
    request(this: Dispatcher, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData>;
  };
  export default api;
}

declare module 'undici/lib/dispatcher/dispatcher.js' {
  import type { Dispatcher } from 'undici';
  const DispatcherClass: typeof Dispatcher;
  export default DispatcherClass;
}

declare module 'undici/lib/dispatcher/env-http-proxy-agent.js' {
  import type { EnvHttpProxyAgent } from 'undici';
  const EnvHttpProxyAgentClass: typeof EnvHttpProxyAgent;
  export default EnvHttpProxyAgentClass;
}

declare module 'undici/lib/dispatcher/proxy-agent.js' {
  import type { ProxyAgent } from 'undici';
  const ProxyAgentClass: typeof ProxyAgent;
  export default ProxyAgentClass;
}

declare module 'undici/lib/web/fetch/index.js' {
  import type { fetch as undiciFetch } from 'undici';
  export const fetch: typeof undiciFetch;
}
