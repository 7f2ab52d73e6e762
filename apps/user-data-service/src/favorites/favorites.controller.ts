import { Controller } from '@nestjs/common';
import { ViewerDataRpc } from '@app/contracts';
import type { RpcRequest } from '@app/contracts';
import { RpcHandler, RpcPayload } from '@app/server-core';
import { FavoritesService } from './favorites.service';

@Controller()
export class FavoritesController {
  constructor(private readonly favorites: FavoritesService) {}

  @RpcHandler(ViewerDataRpc.listFavorites)
  list(@RpcPayload() { userId }: RpcRequest<typeof ViewerDataRpc.listFavorites>) {
    return this.favorites.list(userId);
  }

  @RpcHandler(ViewerDataRpc.addFavorite)
  add(@RpcPayload() { userId, movieId, snapshot, kind }: RpcRequest<typeof ViewerDataRpc.addFavorite>) {
    return this.favorites.add(userId, movieId, snapshot, kind);
  }

  @RpcHandler(ViewerDataRpc.removeFavorite)
  remove(@RpcPayload() { userId, movieId }: RpcRequest<typeof ViewerDataRpc.removeFavorite>) {
    return this.favorites.remove(userId, movieId);
  }
}
