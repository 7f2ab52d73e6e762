import { Global, Module } from '@nestjs/common';
import { RazorpayClient } from './razorpay.client';

/** The Razorpay adapter, one instance for the app. */
@Global()
@Module({ providers: [RazorpayClient], exports: [RazorpayClient] })
export class RazorpayModule {}
