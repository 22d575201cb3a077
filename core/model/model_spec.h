// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/base/enum_names.h"

#include <string>

namespace infrafit {

enum class NormKind { LayerNorm, RmsNorm };

template <>
struct EnumNames<NormKind> {
    static constexpr std::array<std::string_view, 2> names{"layernorm", "rmsnorm"};
};

enum class PositionEmbedding { Learned, Rotary, Alibi };

template <>
struct EnumNames<PositionEmbedding> {
    static constexpr std::array<std::string_view, 3> names{"learned", "rotary", "alibi"};
};

/// A decoder-only transformer's architecture (the project file's `model`
/// object). Zero in an optional-dimension field means "derive it":
/// `headDim` = hidden/heads, `moeFfnHiddenSize` = ffnHiddenSize,
/// `vHeadDim` = qk head dim. MLA (DeepSeek-V2/V3) is on when `kvLoraRank` > 0.
/// Values are validated by validateModel(); analysis code assumes a valid spec.
struct ModelSpec {
    std::string name;
    std::string source;
    int layers = 0;
    int hiddenSize = 0;
    int attentionHeads = 0;
    int kvHeads = 0;
    int ffnHiddenSize = 0;
    int vocabSize = 0;
    bool gatedMlp = false;
    bool tiedEmbeddings = true;
    int experts = 1;
    int expertsPerToken = 1;
    NormKind norm = NormKind::LayerNorm;
    bool bias = true;
    PositionEmbedding positionEmbedding = PositionEmbedding::Learned;
    int maxPositions = 2048;
    // Optional dimensions (0 = derive / not used).
    int headDim = 0;
    int qLoraRank = 0;
    int kvLoraRank = 0;
    int qkRopeHeadDim = 0;
    int qkNopeHeadDim = 0;
    int vHeadDim = 0;
    int moeFfnHiddenSize = 0;
    int sharedExperts = 0;
    int firstDenseLayers = 0; ///< dense layers before the MoE layers
    int slidingWindow = 0;    ///< 0 = full attention

    [[nodiscard]] bool isMla() const { return kvLoraRank > 0; }
    [[nodiscard]] bool isMoe() const { return experts > 1; }
    /// Layers whose MLP is a mixture of experts.
    [[nodiscard]] int moeLayers() const { return isMoe() ? layers - firstDenseLayers : 0; }
    [[nodiscard]] int denseLayers() const { return layers - moeLayers(); }
    /// Width of one query/key head (MLA: nope + rope part).
    [[nodiscard]] int qkHeadDim() const
    {
        if (isMla())
            return qkNopeHeadDim + qkRopeHeadDim;
        return headDim > 0 ? headDim : (attentionHeads > 0 ? hiddenSize / attentionHeads : 0);
    }
    /// Width of one value head.
    [[nodiscard]] int valueHeadDim() const { return vHeadDim > 0 ? vHeadDim : qkHeadDim(); }
    [[nodiscard]] int expertFfnSize() const
    {
        return moeFfnHiddenSize > 0 ? moeFfnHiddenSize : ffnHiddenSize;
    }
};

} // namespace infrafit
