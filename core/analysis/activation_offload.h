// SPDX-License-Identifier: Apache-2.0
#pragma once

namespace infrafit {

/// Time one micro-batch stalls on activation offload copies
/// (activation_offload_layers), following Transformer Engine's schedule
/// (cpu_offload.py, AsyncDoubleBufferGroupOffloadHandler, the handler
/// Megatron-Core's cpu_offloading uses). The first `offloaded` of `layers`
/// layers are copied to the host, one at a time: copy k is issued when
/// copy k−1 is waited for and is waited for, both ways, at the end of layer
/// window(k) = ⌊L/n⌋·(k+1) − 1 (plus the first L mod n groups' extra
/// layer: `layer_window_map`), so it overlaps the forward compute of the
/// layers between two such ends, and what is longer stalls the step. The
/// backward pass reloads each layer over the same windows. `copyS` is one
/// layer's copy one way; `forwardS` and `backwardS` one layer's compute in
/// each pass. 0 when nothing is offloaded.
double activationOffloadStallS(int layers, int offloaded, double copyS, double forwardS,
                               double backwardS);

} // namespace infrafit
