import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';

/** The two cuts to compare: A the reference (earlier) cut, B the new one. Both must be the caller's. */
export class CompareQueryDto {
  @ApiProperty({ format: 'uuid', description: 'The reference cut (A)' })
  @IsUUID('all', { message: 'a must be the id of one of your reports' })
  a!: string;

  @ApiProperty({ format: 'uuid', description: 'The new cut (B), compared against A' })
  @IsUUID('all', { message: 'b must be the id of one of your reports' })
  b!: string;
}
