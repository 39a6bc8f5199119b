import { InvalidArgumentError } from 'commander';

/** A parser for a whole-number option (commander reports a bad one as a usage error). */
export function positiveInt(option: string): (text: string) => number {
  return (text) => {
    const value = Number(text);
    if (!Number.isInteger(value) || value < 1) throw new InvalidArgumentError(`${option} takes a whole number from 1.`);
    return value;
  };
}
