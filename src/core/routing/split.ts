// The train / held-out split of an optimisation: stratified by expectation
// (each of `this`, `other` and `none` keeps its share on both sides) and
// deterministic (the held-out requests are spread evenly through each group,
// in the order given), so the same requests always split the same way.
import { RequestError } from '../errors.js';
import { ROUTING_EXPECTATIONS, type RoutingRequest } from './types.js';

export interface RoutingSplit {
  train: RoutingRequest[];
  heldOut: RoutingRequest[];
}

/** Splits `requests`, holding out about `holdout` of each expectation; throws when a side would be empty. */
export function splitRequests(requests: readonly RoutingRequest[], holdout: number): RoutingSplit {
  const train: RoutingRequest[] = [];
  const heldOut: RoutingRequest[] = [];
  for (const expect of ROUTING_EXPECTATIONS) {
    const group = requests.filter((r) => r.expect === expect);
    const n = group.length;
    // One request of a group stays in train; two or more keep one on each side.
    const held = n < 2 ? 0 : Math.min(n - 1, Math.max(1, Math.round(n * holdout)));
    group.forEach((r, i) => {
      const isHeld = Math.floor(((i + 1) * held) / n) > Math.floor((i * held) / n);
      (isHeld ? heldOut : train).push(r);
    });
  }
  if (train.length === 0 || heldOut.length === 0) {
    throw new RequestError(
      'requests',
      `an optimisation needs requests on both sides of the split (got ${requests.length}); give at least two meant for the skill and two not`,
    );
  }
  return { train, heldOut };
}
