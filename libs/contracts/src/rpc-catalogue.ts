import { AuthRpc } from './auth';
import { MovieRpc, ReviewRpc } from './catalogue-rpc';
import { ContactRpc } from './contact';
import type { RpcDescriptor } from './rpc';

/** Every described RPC by pattern (tests check real replies against their contract through it). */
export const rpcByPattern: ReadonlyMap<string, RpcDescriptor> = new Map(
  [AuthRpc, MovieRpc, ReviewRpc, ContactRpc]
    .flatMap((group) => Object.values(group))
    .map((descriptor): [string, RpcDescriptor] => [descriptor.pattern, descriptor]),
);
