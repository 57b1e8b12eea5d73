import type { JobSpecification } from './job-specification.js';

/** The job-planning tool's intake. */
export interface PlanningTool {
  /** Resolves when the tool accepted (or had already accepted) the specification under this key; throws otherwise. */
  submit(specification: JobSpecification, idempotencyKey: string): Promise<void>;
}

export class PlanningToolError extends Error {
  constructor(
    message: string,
    /** false: retrying cannot help (a 4xx other than 408/429). */
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'PlanningToolError';
  }
}

/** POST <baseUrl>/job-specifications with an Idempotency-Key header. */
export class HttpPlanningTool implements PlanningTool {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs = 10_000,
  ) {}

  async submit(specification: JobSpecification, idempotencyKey: string): Promise<void> {
    let response: Response;
    try {
      response = await fetch(new URL('job-specifications', this.baseUrl.endsWith('/') ? this.baseUrl : `${this.baseUrl}/`), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
        body: JSON.stringify(specification),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new PlanningToolError(`Planning tool unreachable: ${error instanceof Error ? error.message : String(error)}`, true);
    }
    if (response.ok) {
      await response.body?.cancel();
      return;
    }
    const text = (await response.text().catch(() => '')).slice(0, 300);
    const retryable = response.status >= 500 || response.status === 408 || response.status === 429;
    throw new PlanningToolError(`Planning tool answered ${response.status}${text ? `: ${readable(text)}` : ''}`, retryable);
  }
}

/** What staff read of an error body: its message (and code) when it is the usual JSON error, else the text as sent. */
function readable(body: string): string {
  try {
    const { error, message } = JSON.parse(body) as { error?: unknown; message?: unknown };
    if (typeof message === 'string' && message) return typeof error === 'string' && error ? `${message} (${error})` : message;
  } catch {
    // not JSON
  }
  return body;
}
