// What a turn's tokens cost at a known price: prompt tokens at the input price, reply tokens
// (reasoning included, as providers bill it) at the output price. Isomorphic: the CLI and the
// web page can both show it.

/** US dollars per million tokens (a profile's `price`, or what the user gave). */
export interface TokenPrice {
  inputPerMillion: number;
  outputPerMillion: number;
}

/** Token counts as the view gives them: the provider's, or `estimated` where it sent none. */
export interface CountedUsage {
  promptTokens: number;
  completionTokens: number;
  estimated?: boolean;
}

/** A cost in US dollars; `estimated` when any count behind it was. */
export interface UsageCost {
  dollars: number;
  estimated: boolean;
}

export function usageCost(usage: CountedUsage, price: TokenPrice): UsageCost {
  const dollars =
    (usage.promptTokens * price.inputPerMillion + usage.completionTokens * price.outputPerMillion) / 1_000_000;
  return { dollars, estimated: usage.estimated === true };
}

/** Dollars for people: `$0.0012`, `$1.25`, `<$0.0001`; `~` before an estimate. */
export function formatCost(cost: UsageCost): string {
  const { dollars } = cost;
  const amount =
    dollars === 0
      ? '$0'
      : dollars < 0.0001
        ? '<$0.0001'
        : dollars < 1
          ? `$${dollars.toFixed(4)}`
          : `$${dollars.toFixed(2)}`;
  return `${cost.estimated ? '~' : ''}${amount}`;
}
