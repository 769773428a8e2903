// An error whose message is written for the user: a Chinese text from schemas/errors.yaml or
// schemas/texts.yaml, shown as it is (an API answer, a task's failure, a rejected import row). Any
// other error's message is for the log only; the user sees a generic text instead.
export class UserFacingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}
