import { Body, Controller, Param } from '@nestjs/common';
import { ProfileRoutes } from '@app/contracts';
import type {
  CreateProfileRequest,
  SelectProfileRequest,
  SessionUser,
  UpdateProfileRequest,
} from '@app/contracts';
import { Endpoint } from '../routes/endpoint.decorator';
import { AuthClient } from './auth.client';
import { CurrentUser } from './auth.decorators';

/** DECISIONS 36: the signed-in account's profiles; auth-service owns them and their rules. */
@Controller()
export class ProfilesController {
  constructor(private readonly auth: AuthClient) {}

  @Endpoint(ProfileRoutes.list)
  list(@CurrentUser() caller: SessionUser) {
    return this.auth.listProfiles(caller);
  }

  @Endpoint(ProfileRoutes.create)
  create(@Body() profile: CreateProfileRequest, @CurrentUser() caller: SessionUser) {
    return this.auth.createProfile(caller, profile);
  }

  @Endpoint(ProfileRoutes.update)
  update(
    @Param('profileId') profileId: string,
    @Body() changes: UpdateProfileRequest,
    @CurrentUser() caller: SessionUser,
  ) {
    return this.auth.updateProfile(caller, profileId, changes);
  }

  @Endpoint(ProfileRoutes.remove)
  remove(@Param('profileId') profileId: string, @CurrentUser() caller: SessionUser) {
    return this.auth.removeProfile(caller, profileId);
  }

  @Endpoint(ProfileRoutes.select)
  select(
    @Param('profileId') profileId: string,
    @Body() body: SelectProfileRequest,
    @CurrentUser() caller: SessionUser,
  ) {
    return this.auth.selectProfile(caller, profileId, body);
  }
}
