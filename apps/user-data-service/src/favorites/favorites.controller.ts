import { Controller } from '@nestjs/common';
import { UserDataRpc } from '@app/contracts';
import type { RpcRequest } from '@app/contracts';
import { RpcHandler, RpcPayload } from '@app/server-core';
import { FavoritesService } from './favorites.service';

@Controller()
export class FavoritesController {
  constructor(private readonly favorites: FavoritesService) {}

  @RpcHandler(UserDataRpc.listFavorites)
  list(@RpcPayload() { userId }: RpcRequest<typeof UserDataRpc.listFavorites>) {
    return this.favorites.list(userId);
  }

  @RpcHandler(UserDataRpc.addFavorite)
  add(@RpcPayload() { userId, movieId, snapshot, kind }: RpcRequest<typeof UserDataRpc.addFavorite>) {
    return this.favorites.add(userId, movieId, snapshot, kind);
  }

  @RpcHandler(UserDataRpc.removeFavorite)
  remove(@RpcPayload() { userId, movieId }: RpcRequest<typeof UserDataRpc.removeFavorite>) {
    return this.favorites.remove(userId, movieId);
  }
}
