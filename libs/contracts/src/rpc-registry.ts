import { AuthRpc } from './auth';
import { BillingRpc } from './billing';
import { InsightsRpc, QoeRpc } from './insights';
import { MovieRpc, ReviewRpc } from './movies-rpc';
import { ContactRpc } from './contact';
import { DeviceRpc } from './devices';
import { PaymentRpc } from './payments';
import { ParentalRpc } from './parental';
import { ProfileRpc } from './profiles';
import { PromoRpc, TrialRpc } from './promos';
import { RecommendationRpc } from './recommendations';
import { ComingSoonRpc, ReminderRpc } from './schedule';
import type { RpcDescriptor } from './rpc';
import { SeriesRpc } from './series';
import { StreamingRpc } from './streaming';
import { HistoryRpc, UserDataRpc } from './user-data';

/** Every described RPC by pattern: each service's RPC server checks its replies through it, as tests do. */
export const rpcByPattern: ReadonlyMap<string, RpcDescriptor> = new Map(
  [
    AuthRpc,
    ProfileRpc,
    ParentalRpc,
    DeviceRpc,
    MovieRpc,
    ReviewRpc,
    SeriesRpc,
    ContactRpc,
    PaymentRpc,
    PromoRpc,
    TrialRpc,
    BillingRpc,
    StreamingRpc,
    HistoryRpc,
    UserDataRpc,
    RecommendationRpc,
    ComingSoonRpc,
    ReminderRpc,
    InsightsRpc,
    QoeRpc,
  ]
    .flatMap((group) => Object.values(group))
    .map((descriptor): [string, RpcDescriptor] => [descriptor.pattern, descriptor]),
);
