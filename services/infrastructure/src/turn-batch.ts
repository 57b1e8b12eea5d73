/**
 * Gathers what is asked for in one turn of the event loop and answers it with one call after that turn (D96): the
 * concurrent requests' reads by id or reference checks become one statement instead of one round trip each. Alone, an
 * ask waits one turn more. `answer` gets the asks in the order they came and returns one answer per ask, in that
 * order; if it fails, every ask of its batch fails with its error.
 */
export class TurnBatch<Ask, Answer> {
  private waiting: { readonly ask: Ask; readonly resolve: (answer: Answer) => void; readonly reject: (error: unknown) => void }[] = [];

  constructor(private readonly answer: (asks: readonly Ask[]) => Promise<readonly Answer[]>) {}

  ask(ask: Ask): Promise<Answer> {
    return new Promise<Answer>((resolve, reject) => {
      this.waiting.push({ ask, resolve, reject });
      if (this.waiting.length === 1) setImmediate(() => void this.send());
    });
  }

  private async send(): Promise<void> {
    const batch = this.waiting;
    this.waiting = [];
    try {
      const answers = await this.answer(batch.map(({ ask }) => ask));
      if (answers.length !== batch.length) throw new Error(`A batch of ${batch.length} asks got ${answers.length} answers.`);
      batch.forEach(({ resolve }, i) => resolve(answers[i]!));
    } catch (error) {
      for (const { reject } of batch) reject(error);
    }
  }
}
