import { ApiProperty } from '@nestjs/swagger';

/** The PDF answer (docs/product.md, Data shapes). */
export class PdfGenerateResponseDto {
  @ApiProperty({ description: "The PDF's id: changes when the report is re-derived or its frames expire", example: '3f9a0c1b2d4e5f60' })
  id: string;
}
