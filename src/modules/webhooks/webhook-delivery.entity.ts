import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { WebhookEndpoint } from './webhook-endpoint.entity';

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One event sent (or being sent) to one endpoint: the delivery log. Answers are kept as their code and first 1 KB. */
@Entity('webhook_deliveries')
@Index('webhook_deliveries_endpoint_idx', ['endpointId', 'createdAt'])
export class WebhookDelivery {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'endpoint_id', type: 'uuid' })
  endpointId: string;

  @ManyToOne(() => WebhookEndpoint, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'endpoint_id', foreignKeyConstraintName: 'webhook_deliveries_endpoint_id_fkey' })
  endpoint?: WebhookEndpoint;

  @Column({ name: 'event_id', type: 'text' })
  eventId: string;

  @Column({ name: 'event_type', type: 'text' })
  eventType: string;

  /** The exact JSON body sent (and signed) on every attempt. */
  @Column({ type: 'text' })
  payload: string;

  @Column({ type: 'text' })
  status: DeliveryStatus;

  @Column({ type: 'int' })
  attempts: number;

  @Column({ name: 'response_code', type: 'int', nullable: true })
  responseCode: number | null;

  @Column({ name: 'response_excerpt', type: 'text', nullable: true })
  responseExcerpt: string | null;

  /** Why the last attempt failed without an answer (timeout, refused address, connection error). */
  @Column({ type: 'text', nullable: true })
  error: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'last_attempt_at', type: 'timestamptz', nullable: true })
  lastAttemptAt: Date | null;
}
