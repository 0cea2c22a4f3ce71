import { ApiProperty } from '@nestjs/swagger';
import type { User } from '../users';

export class MeDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ description: 'Firebase user id' }) uid: string;
  @ApiProperty({ type: String, nullable: true }) email: string | null;
  @ApiProperty({ type: String, nullable: true }) displayName: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;

  static from(user: User): MeDto {
    return {
      id: user.id,
      uid: user.firebaseUid,
      email: user.email,
      displayName: user.displayName,
      createdAt: user.createdAt.toISOString(),
    };
  }
}
