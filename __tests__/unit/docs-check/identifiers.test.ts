/** The names on one changed line, per language family (src/docs-check/identifiers.ts). */
import { describe, expect, test } from '@jest/globals';
import { isPublicName, MAX_LINE_CHARS, namesOnLine, type NameHit } from '../../../src/docs-check/identifiers.js';
import { type Family } from '../../../src/docs-check/languages.js';

const names = (line: string, family: Family): NameHit[] => namesOnLine(line, family);

describe('definitions, per family', () => {
  test.each<[Family, string, NameHit[]]>([
    [
      'python',
      'def create_memory(user_id, *, ttl_seconds=None):',
      [
        { name: 'create_memory', kind: 'function' },
        { name: 'user_id', kind: 'field' },
        { name: 'ttl_seconds', kind: 'field' },
      ],
    ],
    ['python', '    async def search(self, query):', [{ name: 'search', kind: 'function' }]],
    ['python', 'class MemoryClient(BaseClient):', [{ name: 'MemoryClient', kind: 'class' }]],
    ['python', 'DEFAULT_TIMEOUT_SECONDS: int = 30', [{ name: 'DEFAULT_TIMEOUT_SECONDS', kind: 'constant' }]],
    ['python', '    max_retries: Optional[int] = 3', [{ name: 'max_retries', kind: 'field' }]],
    ['script', 'export async function createClient(options) {', [{ name: 'createClient', kind: 'function' }]],
    ['script', 'export default class Scheduler {', [{ name: 'Scheduler', kind: 'class' }]],
    ['script', 'export interface RetryOptions {', [{ name: 'RetryOptions', kind: 'class' }]],
    ['script', 'export const parseRoute = (path: string) => {', [{ name: 'parseRoute', kind: 'function' }]],
    ['script', 'export const MAX_BATCH = 100;', [{ name: 'MAX_BATCH', kind: 'constant' }]],
    ['script', '  async listMemories(filter: Filter): Promise<Memory[]> {', [{ name: 'listMemories', kind: 'function' }]],
    ['script', '  maxRetries?: number;', [{ name: 'maxRetries', kind: 'field' }]],
    ['go', 'func (s *Server) HandlePull(w http.ResponseWriter) {', [{ name: 'HandlePull', kind: 'function' }]],
    ['go', 'type ModelOptions struct {', [{ name: 'ModelOptions', kind: 'class' }]],
    ['go', '\tKeepAlive *Duration `json:"keep_alive,omitempty"`', [{ name: 'keep_alive', kind: 'config-key' }]],
    ['go', '\tcmd.Flags().BoolP("insecure", "k", false, "use an insecure registry")', [{ name: '--insecure', kind: 'cli-flag' }]],
    ['rust', 'pub async fn start_gateway(config: Config) -> Result<()> {', [{ name: 'start_gateway', kind: 'function' }]],
    ['rust', 'pub struct GatewayConfig {', [{ name: 'GatewayConfig', kind: 'class' }]],
    ['rust', '    pub bind_address: SocketAddr,', [{ name: 'bind_address', kind: 'field' }]],
    ['rust', '    #[arg(long = "config-file")]', [{ name: '--config-file', kind: 'cli-flag' }]],
    ['ruby', '  def apply_coupon!(code)', [{ name: 'apply_coupon!', kind: 'function' }]],
    ['ruby', '  preference :minimum_amount, :decimal', [{ name: 'minimum_amount', kind: 'config-key' }]],
    ['jvm', 'public class OrderService {', [{ name: 'OrderService', kind: 'class' }]],
    ['config', '  request_timeout: 30', [{ name: 'request_timeout', kind: 'config-key' }]],
    ['config', 'max_connections = 10', [{ name: 'max_connections', kind: 'config-key' }]],
    ['config', '  "retryPolicy": {', [{ name: 'retryPolicy', kind: 'config-key' }]],
    ['env', 'OPENAI_API_KEY=sk-...', [{ name: 'OPENAI_API_KEY', kind: 'env-var' }]],
    ['shell', 'ENV APP_HOME=/srv/app', [{ name: 'APP_HOME', kind: 'env-var' }]],
  ])('%s: %s', (family, line, expected) => {
    expect(names(line, family)).toEqual(expected);
  });
});

describe('what any code says to its users', () => {
  test('environment variables, however the language reads them', () => {
    expect(names('const url = process.env.MEMORY_API_URL;', 'script')).toContainEqual({ name: 'MEMORY_API_URL', kind: 'env-var' });
    expect(names('host = os.environ.get("MEMORY_HOST", "localhost")', 'python')).toContainEqual({ name: 'MEMORY_HOST', kind: 'env-var' });
    expect(names('port := os.Getenv("OLLAMA_PORT")', 'go')).toContainEqual({ name: 'OLLAMA_PORT', kind: 'env-var' });
    expect(names('let key = std::env::var("GATEWAY_KEY")?;', 'rust')).toContainEqual({ name: 'GATEWAY_KEY', kind: 'env-var' });
    expect(names("token = ENV.fetch('STORE_TOKEN')", 'ruby')).toContainEqual({ name: 'STORE_TOKEN', kind: 'env-var' });
  });

  test('CLI flags in string literals', () => {
    expect(names('@click.option("--dry-run", is_flag=True)', 'python')).toContainEqual({ name: '--dry-run', kind: 'cli-flag' });
    expect(names("program.option('--max-tokens=<n>')", 'script')).toContainEqual({ name: '--max-tokens', kind: 'cli-flag' });
  });

  test('HTTP routes of the common frameworks, with the method when the call names it', () => {
    expect(names('@router.get("/v1/memories/{memory_id}")', 'python')).toContainEqual({
      name: 'GET /v1/memories/{memory_id}',
      kind: 'http-route',
    });
    expect(names("app.post('/api/jobs', handler)", 'script')).toContainEqual({ name: 'POST /api/jobs', kind: 'http-route' });
    expect(names('r.HandleFunc("/api/pull", s.PullHandler)', 'go')).toContainEqual({ name: '/api/pull', kind: 'http-route' });
    expect(names('mux.Handle("DELETE /api/delete", h)', 'go')).toContainEqual({ name: 'DELETE /api/delete', kind: 'http-route' });
    expect(names('@GetMapping("/orders/{id}")', 'jvm')).toContainEqual({ name: '/orders/{id}', kind: 'http-route' });
    expect(names("  get '/api/v2/products', to: 'products#index'", 'ruby')).toContainEqual({
      name: '/api/v2/products',
      kind: 'http-route',
    });
  });

  test('keys read from a configuration mapping', () => {
    expect(names('store = config.get("vector_store")', 'python')).toContainEqual({ name: 'vector_store', kind: 'config-key' });
    expect(names('limit = settings["rate_limit"]', 'python')).toContainEqual({ name: 'rate_limit', kind: 'config-key' });
  });
});

describe('what is left out', () => {
  test('private names, keywords and single letters are no names a reader meets', () => {
    expect(names('def _internal_helper(x):', 'python')).toEqual([]);
    expect(names('    def __init__(self):', 'python')).toEqual([]);
    expect(names('  if (ready) {', 'script')).toEqual([]);
    expect(isPublicName('get')).toBe(false);
    expect(isPublicName('ab')).toBe(false);
    expect(isPublicName('_private')).toBe(false);
    expect(isPublicName('fetchRows')).toBe(true);
  });

  test('a route that is only "/" names nothing; a config file gets no code rules', () => {
    expect(names("app.get('/', home)", 'script')).toEqual([]);
    expect(names('command: ["--verbose"]', 'config')).toEqual([{ name: 'command', kind: 'config-key' }]);
  });

  test('a line longer than MAX_LINE_CHARS (minified code, a data blob) gives nothing', () => {
    const long = `export function minifiedEntry(a) { return ${'a+'.repeat(MAX_LINE_CHARS)}a; }`;
    expect(names(long, 'script')).toEqual([]);
    expect(names('export function minifiedEntry(a) {', 'script')).toEqual([{ name: 'minifiedEntry', kind: 'function' }]);
  });

  test('each name once per line', () => {
    expect(names('x = os.getenv("APP_MODE") or os.getenv("APP_MODE")', 'python')).toEqual([{ name: 'APP_MODE', kind: 'env-var' }]);
  });
});

describe('a TypeScript field line with long runs of spaces', () => {
  test('a field whose type runs to the end is found; one with a ( or = after the colon is not', () => {
    const spaces = ' '.repeat(400);
    expect(namesOnLine(`  retry_count:${spaces}number${spaces};`, 'script')).toEqual([{ name: 'retry_count', kind: 'field' }]);
    expect(namesOnLine(`  retry_count:${spaces}(`, 'script')).toEqual([]);
    expect(namesOnLine(`  retry_count:${spaces}=`, 'script')).toEqual([]);
  });
});
